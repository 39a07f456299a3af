"""The studio's safety rules, as an ASGI middleware in front of every route.

The server binds 127.0.0.1 only. A web page elsewhere can still reach it: through DNS
rebinding (its own name made to resolve to 127.0.0.1, so the browser sends that name as
Host) or by a cross-site request. So a request is answered only when its Host is the
studio's own address, its Origin (when sent) is the studio's own, and the browser does not
say it comes from another site; a path with a `..` segment is refused outright.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import unquote

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

LOCAL_NAMES = ("127.0.0.1", "localhost")
SAME_SITE = ("same-origin", "none")
"""Sec-Fetch-Site values of a request from the studio's own page or typed by the user."""


def allowed_hosts(port: int) -> frozenset[str]:
    """The Host headers the studio answers: its address by number or as localhost."""
    return frozenset(f"{name}:{port}" for name in LOCAL_NAMES)


def refusal(path: str, headers: dict[str, str], port: int) -> tuple[int, str] | None:
    """(status, reason) when the request must be refused, else None."""
    decoded = unquote(path)
    if "\0" in decoded or ".." in re.split(r"[/\\]", decoded):
        return 400, "a path with '..' is refused: the studio serves only its own pages"
    host = headers.get("host", "").lower()
    if host not in allowed_hosts(port):
        return 403, (f"Host {host or '(none)'!r} refused: the studio answers only "
                     f"http://127.0.0.1:{port}/ (a foreign Host is how DNS rebinding attacks)")
    origin = headers.get("origin")
    if origin is not None and origin.lower() not in {f"http://{h}" for h in allowed_hosts(port)}:
        return 403, f"cross-site request from {origin!r} refused"
    site = headers.get("sec-fetch-site")
    if site is not None and site.lower() not in SAME_SITE:
        return 403, f"cross-site request ({site}) refused"
    return None


class Guard:
    """ASGI middleware applying `refusal` to every HTTP request before the app sees it."""

    def __init__(self, app: App, port: int) -> None:
        self._app = app
        self.port = port

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        raw = scope.get("raw_path") or scope["path"].encode("utf-8")
        headers = {key.decode("latin-1").lower(): value.decode("latin-1")
                   for key, value in scope["headers"]}
        refused = refusal(raw.decode("latin-1").split("?", 1)[0], headers, self.port)
        if refused is None:
            await self._app(scope, receive, send)
            return
        status, reason = refused
        body = (reason + "\n").encode("utf-8")
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode("ascii"))]})
        await send({"type": "http.response.body", "body": body})
