"""Playing: the assignment's classic protocol (``classic``) and the rich game's state (``game``)."""
