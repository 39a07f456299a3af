"""Starting the studio: a socket on 127.0.0.1, the first view, uvicorn serving the app.

The socket is bound before the app is made, so the app knows its port (port 0 picks a free
one) and its Host check names the real address. `running` serves in a thread, for the
tests and the benchmark.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from stamperia.studio.live import Settings, Studio
from stamperia.studio.server import Broker, studio_app
from stamperia.studio.view import Renders

HOST = "127.0.0.1"
START_TIMEOUT_S = 30.0


class PortInUse(OSError):
    """The port asked for is taken (or not ours to bind)."""


def bind(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:`port` (0: any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((HOST, port))
    except OSError as error:
        sock.close()
        raise PortInUse(f"cannot listen on {HOST}:{port}: {error.strerror or error}; "
                        "choose another with --port") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def open_studio(settings: Settings) -> Studio:
    """The studio of one game with its first view drawn (or its problems recorded)."""
    from stamperia.generator.draw.svg import render_svg

    studio = Studio(settings, Renders(render_svg))
    studio.refresh()
    return studio


@dataclass(frozen=True)
class Running:
    """A studio serving in this process: its address and the studio itself."""

    url: str
    studio: Studio


class _Server(uvicorn.Server):
    """uvicorn's server that ends the event streams first when it stops (they would hold
    the shutdown up until its timeout)."""

    def __init__(self, config: uvicorn.Config, broker: Broker) -> None:
        super().__init__(config)
        self._broker = broker

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._broker.close()
        await super().shutdown(sockets)


def _server(studio: Studio, sock: socket.socket, roots: tuple[Path, ...], watch: bool
            ) -> uvicorn.Server:
    broker = Broker()
    port = sock.getsockname()[1]
    config = uvicorn.Config(studio_app(studio, port, roots, watch, broker), log_level="warning",
                            timeout_graceful_shutdown=2, lifespan="on")
    return _Server(config, broker)


def serve(studio: Studio, sock: socket.socket, roots: tuple[Path, ...]) -> None:
    """Serve until interrupted (Ctrl-C)."""
    _server(studio, sock, roots, True).run(sockets=[sock])


@contextmanager
def running(settings: Settings, roots: tuple[Path, ...], watch: bool = True
            ) -> Iterator[Running]:
    """A studio served from a thread on a free port, stopped on leaving."""
    studio = open_studio(settings)
    sock = bind(0)
    port = sock.getsockname()[1]
    server = _server(studio, sock, roots, watch)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT_S
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield Running(f"http://{HOST}:{port}", studio)
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
