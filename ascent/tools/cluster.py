"""Making and solving puzzles on a Dask cluster (``dask.distributed``; ``pip install 'ascent[cluster]'``).

    with connect("tcp://scheduler:8786") as client:
        for index, made in generate(client, 12, "unreasonable", 100, seed="mine"):
            ...                                   # as each is ready, in any order
        outcomes = solve(client, jobs, on_progress=lambda k: ...)

Every puzzle of a run is one task: ``ascent.tools.generate.make(n, level, seed, index, ...)`` on a worker. A
puzzle's random stream depends only on (seed, size, level, index), so a cluster makes exactly the
puzzles a local run makes with the same seed, in the same order. Solving sends chunks of jobs to
``ascent.tools.batch.solve_job``; outcomes come back in the order of the jobs. The scheduler and the
workers need the same ascent installed (else: one ClusterError saying so). The library never prints: progress is a callback, and the caller writes the store.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterable, Iterator

from .batch import Interrupted, Job, Outcome, solve_job
from .generate import Made, make

CHUNK = 64  # jobs per task when solving: enough to outweigh a task's overhead on the cluster


class ClusterError(RuntimeError):
    """The extra is not installed, or the scheduler cannot be reached: one line saying which."""


def _distributed():
    try:
        import distributed
    except ImportError:
        raise ClusterError("--cluster needs dask.distributed: pip install 'ascent[cluster]'") from None
    return distributed


PROBE_SECONDS = 2.0  # an address that does not answer a TCP connection in this time is unreachable


def address_of(address: str) -> tuple[str, int] | None:
    """(host, port) of a tcp:// or tls:// address ("host:port" is tcp), checked without any network;
    None for Dask's other schemes (inproc://, ucx://, ws://), which Dask checks. A malformed address
    is a ClusterError naming it."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    if scheme not in ("tcp", "tls"):
        return None
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or "/" in host:
        raise ClusterError(f"--cluster {address}: not an address host:port, such as tcp://10.0.0.5:8786")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(f"--cluster {address}: the port {port!r} is not a number 1..65535")
    return host, int(port)


def _probe(address: str) -> None:
    """A TCP connection to the scheduler's port, so that a wrong or dead address is said within
    ``PROBE_SECONDS``, not after Dask's own timeout and retries."""
    import socket

    where = address_of(address)
    if where is None:
        return
    host, port = where
    try:
        socket.create_connection((host, port), timeout=PROBE_SECONDS).close()
    except socket.gaierror:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no host is named {host!r}") from None
    except ConnectionRefusedError:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: nothing listens on port {port} of {host}") from None
    except (socket.timeout, TimeoutError):
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no answer in {PROBE_SECONDS:g} s") from None
    except OSError as e:
        from ..store.files import words

        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {words(e)}") from None


@contextmanager
def connect(address, timeout: float = 5.0):
    """A client of the scheduler at ``address`` (or a LocalCluster object), closed on the way out. A
    malformed or unreachable address is a ClusterError naming it, within ``PROBE_SECONDS``."""
    if isinstance(address, str):
        address_of(address)
    distributed = _distributed()
    if isinstance(address, str):
        _probe(address)
    made = []

    class Client(distributed.Client):
        def start(self, **kw):  # the client is known before it connects: it can be let go if that fails
            made.append(self)
            return super().start(**kw)

    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except Exception as e:  # refused, timed out, or something that is not a scheduler answered
        for half in made:
            _let_go(half)
        why = "it does not answer as a Dask scheduler" if not isinstance(e, (OSError, TimeoutError)) else str(e)
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {why}") from None
    try:
        yield client
    finally:
        client.close()


def _let_go(client) -> None:
    """A client whose connection failed: its thread stopped, and marked closed, so that Python does not
    wait on it (Dask's own close would wait twice the timeout, at exit, and print a traceback)."""
    try:
        client.status = "closed"
        client._loop_runner.stop()
    except Exception:
        pass


def _result(future):
    """The task's result; a scheduler or worker that cannot read ascent's tasks is a ClusterError."""
    try:
        return future.result()
    except RuntimeError as e:
        if "deserializ" not in str(e):
            raise
        raise ClusterError("the Dask scheduler or a worker cannot read ascent's tasks: they need the same "
                           "ascent installed as here") from None


def workers(client) -> int:
    return len(client.scheduler_info().get("workers", {}))


def generate(client, n: int, level: str, count: int, seed, **options) -> Iterator[tuple[int, Made]]:
    """(index, puzzle) as each task finishes, in any order (the caller puts them in index order to show or
    store them as a local run does). Raises what ``make`` raises (Unreachable) as soon as a task does.
    Closing the iterator (or Ctrl-C while it waits) cancels the tasks not yet done."""
    distributed = _distributed()
    futures = {client.submit(make, n, level, seed, index, pure=False, key=f"ascent-make-{seed}-{n}-{level}-{index}",
                             **options): index for index in range(count)}
    try:
        for future in distributed.as_completed(futures, loop=client.loop):
            yield futures[future], _result(future)
    finally:
        pending = [f for f in futures if not f.done()]
        if pending:
            client.cancel(pending)


def in_order(pairs: Iterable[tuple[int, Made]], on_arrival: Callable[[Made], None] | None = None
             ) -> Iterator[tuple[int, Made]]:
    """(index, puzzle) pairs that arrive in any order (``generate``), yielded in index order from 0:
    each is held back until those before it are in, so the cluster gives the same puzzles in the
    same order as making them here. ``on_arrival`` sees each one as it comes."""
    ready: dict[int, Made] = {}
    want = 0
    for index, made in pairs:
        if on_arrival is not None:
            on_arrival(made)
        ready[index] = made
        while want in ready:
            yield want, ready.pop(want)
            want += 1


def _solve_chunk(chunk: list[Job]) -> list[Outcome]:
    return [solve_job(job) for job in chunk]


def solve(client, jobs: Iterable[Job], on_progress: Callable[[int], None] | None = None,
          chunk: int = CHUNK) -> list[Outcome]:
    """Every job's outcome, in the order of the jobs, solved on the cluster's workers.

    Ctrl-C cancels the tasks not yet done and raises ``batch.Interrupted`` with the outcomes finished,
    as a local run does."""
    distributed = _distributed()
    jobs = list(jobs)
    tick = on_progress or (lambda k: None)
    chunks = [jobs[i:i + chunk] for i in range(0, len(jobs), chunk)]
    futures = {client.submit(_solve_chunk, c, pure=False): k for k, c in enumerate(chunks)}
    done: list[list[Outcome]] = [[] for _ in chunks]
    try:
        for future in distributed.as_completed(futures, loop=client.loop):
            k = futures[future]
            done[k] = _result(future)
            tick(len(done[k]))
    except KeyboardInterrupt:
        positions = [k * chunk + j for k, part in enumerate(done) for j in range(len(part))]
        raise Interrupted([o for part in done for o in part], positions, len(jobs)) from None
    finally:
        pending = [f for f in futures if not f.done()]
        if pending:
            client.cancel(pending)
    return [o for part in done for o in part]
