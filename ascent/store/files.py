"""Files the user names: read with a limit, written without destroying what the path points at.

    data = read_bytes(path)             # at most LIMIT bytes ('-': stdin); more is TooLarge
    write(path, text)                   # see below
    problem = why_not_writable(path)    # before any work: None, or why not, in words
    problem = why_not_folder(folder)    # the same for an output folder (made later when missing)

How ``write`` treats what the path is:
    a regular file, or a new one    atomically: a temporary file in the same folder, fsync, rename
    a symlink                       followed: its target is written (atomically, if a regular file)
    a FIFO or a character device    written through in place, never renamed over
    /dev/stdout, /dev/fd/N          written to that open file descriptor (the shell's redirection)
    a folder, a disk, a socket      refused (``why_not_writable`` says so before the work)

Nothing here prints; the errors are OSError (from the system) or the sentences above.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from pathlib import Path

LIMIT = 64 << 20  # bytes read at most from a file the user names: a puzzle file is far smaller
LIMIT_TEXT = "64 MB"
_FD_DIR = re.compile(r"/proc/[^/]+/(task/[^/]+/)?fd")  # /dev/fd and /dev/stdout lead here


class TooLarge(Exception):
    """A file larger than ``LIMIT`` (or an endless stream such as /dev/zero)."""


def read_bytes(path) -> bytes:
    """The file's bytes ('-': standard input), at most ``LIMIT``: TooLarge beyond, without reading on."""
    if str(path) == "-":
        data = sys.stdin.buffer.read(LIMIT + 1)
    else:
        with open(path, "rb") as f:
            data = f.read(LIMIT + 1)
    if len(data) > LIMIT:
        raise TooLarge(f"more than {LIMIT_TEXT}")
    return data


# ---------------------------------------------------------------------------- where a write goes
def _fd_of(parent: str, name: str) -> int | None:
    """The descriptor N of /proc/self/fd/N (or our own pid's), else None."""
    m = _FD_DIR.fullmatch(parent)
    if not m or not name.isdigit():
        return None
    pid = parent.split("/")[2]
    return int(name) if pid in ("self", "thread-self", str(os.getpid())) else None


def resolve(path) -> tuple[str, str]:
    """(where the bytes go, how): "fd" (the path names one of our open descriptors: /dev/stdout,
    /dev/fd/N), "atomic" (a regular file or a new one: symlinks followed), "in place" (a FIFO or a
    character device), "folder", "disk", or "other" (a socket ...)."""
    p = os.path.abspath(os.fspath(path))
    for _ in range(40):
        parent = os.path.realpath(os.path.dirname(p))
        p = os.path.join(parent, os.path.basename(p))
        if _FD_DIR.fullmatch(parent):
            return (p, "fd") if _fd_of(parent, os.path.basename(p)) is not None else (p, "in place")
        if not os.path.islink(p):
            break
        p = os.path.join(parent, os.readlink(p))
    else:
        raise OSError(errno.ELOOP, "too many levels of symbolic links", str(path))
    try:
        mode = os.stat(p).st_mode
    except FileNotFoundError:
        return p, "atomic"
    if stat.S_ISREG(mode):
        return p, "atomic"
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return p, "in place"
    if stat.S_ISDIR(mode):
        return p, "folder"
    if stat.S_ISBLK(mode):
        return p, "disk"
    return p, "other"


REFUSED = {"folder": "is a folder", "disk": "is a disk device, not a file", "other": "is neither a file nor a FIFO"}


def write(path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` as the module's table says."""
    where, how = resolve(path)
    if how in REFUSED:
        raise IsADirectoryError(errno.EISDIR, REFUSED[how], str(path))
    if how == "fd":
        _write_fd(int(os.path.basename(where)), text)
    elif how == "in place":
        with open(where, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        _write_atomic(Path(where), text)


def _write_fd(fd: int, text: str) -> None:
    """To one of our open descriptors, in order with what Python already buffered for it."""
    stream = {1: sys.stdout, 2: sys.stderr}.get(fd)
    try:
        ours = stream is not None and stream.fileno() == fd
    except (OSError, ValueError):  # a stream without a descriptor (replaced, as a test runner does)
        ours = False
    if ours:
        stream.write(text)
        stream.flush()
        return
    data = memoryview(text.encode("utf-8"))
    while data:
        data = data[os.write(fd, data):]


def _write_atomic(path: Path, text: str) -> None:
    """Via a temporary file in the same folder (made with the umask's permissions, or the old file's
    mode and owner), fsync, then rename: never a half-written file."""
    try:
        old = os.stat(path)
    except FileNotFoundError:
        old = None
    fd, tmp = _temp_in(path.parent, path.name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            if old is not None:
                os.fchmod(f.fileno(), stat.S_IMODE(old.st_mode))
                if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
                    try:
                        os.fchown(f.fileno(), old.st_uid, old.st_gid)
                    except OSError:
                        pass
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # the rename itself survives a crash once the folder is synced
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def _temp_in(folder: Path, name: str) -> tuple[int, str]:
    """A new file .{name}.{random}.tmp in ``folder``, opened for writing, with the umask's permissions."""
    for _ in range(100):
        tmp = os.path.join(folder, f".{name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


# ---------------------------------------------------------------------------- checks before the work
def why_not_writable(path) -> str | None:
    """Why ``write(path, ...)`` cannot work, in words, or None. Tried for real where it matters (a
    temporary file is made and removed in the folder), so /proc, /sys and read-only mounts are found
    out before any work, for root too."""
    path = os.fspath(path)
    if os.path.isdir(path):
        return REFUSED["folder"]
    try:
        where, how = resolve(path)
    except OSError as e:
        return _words(e)
    if how in REFUSED:
        return f"{where} {REFUSED[how]}" if where != os.path.abspath(path) else REFUSED[how]
    if how == "fd":
        return None
    if how == "in place":
        return None if os.access(where, os.W_OK) else "no permission to write it"
    folder = os.path.dirname(where)
    if not os.path.exists(folder):
        return f"the folder {folder} does not exist"
    if not os.path.isdir(folder):
        return f"{folder} is not a folder"
    if os.path.exists(where) and not os.access(where, os.W_OK):
        return "no permission to write it"
    return _try_in(folder)


def why_not_folder(folder) -> str | None:
    """Why files cannot be written in ``folder`` (made first when missing), in words, or None."""
    folder = os.fspath(folder)
    if os.path.exists(folder) and not os.path.isdir(folder):
        return "is a file, not a folder"
    probe = os.path.abspath(folder)
    while not os.path.exists(probe):
        probe = os.path.dirname(probe)
    if not os.path.isdir(probe):
        return f"{probe} is not a folder"
    return _try_in(probe, make_folder=os.path.abspath(folder) != probe)


def _try_in(folder: str, make_folder: bool = False) -> str | None:
    """Make (and remove) a temporary file, or folder, in ``folder``: what the write will need."""
    try:
        if make_folder:
            import tempfile

            os.rmdir(tempfile.mkdtemp(prefix=".ascent-probe-", dir=folder))
        else:
            fd, tmp = _temp_in(Path(folder), "ascent-probe")
            os.close(fd)
            os.unlink(tmp)
    except OSError as e:
        return _words(e, folder)
    return None


def _words(e: OSError, folder: str | None = None) -> str:
    """An OSError as a person says it, naming the folder: never "[Errno 2] ..."."""
    code = e.errno
    if folder is not None:
        if code in (errno.EACCES,):
            return f"no permission to write in {folder}"
        if code == errno.EROFS:
            return f"{folder} is on a read-only file system"
        if code in (errno.ENOSPC, errno.EDQUOT):
            return f"no space left in {folder}"
        if code in (errno.EPERM, errno.ENOENT, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTDIR):
            return f"files cannot be made in {folder}"
    return words(e)


def words(e: OSError) -> str:
    """What went wrong with a read or a write, in lower-case words, without the errno number."""
    known = {errno.ENOSPC: "no space left on the device", errno.EDQUOT: "the disk quota is used up",
             errno.EACCES: "no permission", errno.EPERM: "the system does not allow it",
             errno.EROFS: "a read-only file system", errno.ELOOP: "a loop of symbolic links",
             errno.EISDIR: "is a folder", errno.ENOENT: "no such file or folder",
             errno.EPIPE: "its reader went away", errno.ENXIO: "no reader at the other end"}
    if e.strerror in REFUSED.values():  # write() refusing a folder, a disk or a socket
        return e.strerror
    if e.errno in known:
        return known[e.errno]
    text = e.strerror or str(e) or type(e).__name__
    return text[:1].lower() + text[1:]
