"""Playing: the assignment's classic protocol (``classic``), the rich game's state (``game``), a sitting's
commands as moves (``session``) and its board as a rich table (``board``); nothing here prints."""
