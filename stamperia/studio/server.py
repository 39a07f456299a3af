"""The studio's web app (Starlette): the page, each piece's SVG, the sheets, server-sent
events on every save, and the lab report. It only reads: nothing is written anywhere.

Every answer is made from the game's current view (stamperia.studio.live); no URL names a
file, so none can reach outside the game. The table's state lives in the page, and is
saved by the browser as a download.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from importlib.resources import files
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from stamperia.content.look.colourscience import Vision, vision_matrix
from stamperia.studio.engine import EngineRefusal, follow
from stamperia.studio.guard import Guard
from stamperia.studio.lab import latest_report, no_report_text
from stamperia.studio.live import Studio

STATIC = {"studio.js": "text/javascript", "common.js": "text/javascript",
          "table.js": "text/javascript", "follow.js": "text/javascript",
          "studio.css": "text/css"}
KEEP_ALIVE_S = 15.0
NO_STORE = {"Cache-Control": "no-store"}
SVG = "image/svg+xml"
PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
               "frame-ancestors 'none'")


class Broker:
    """The open event streams; each gets the generation of every new view."""

    CLOSED = -1
    """Sent to every stream when the server stops, so that none holds the shutdown up."""

    def __init__(self) -> None:
        self._queues: list[asyncio.Queue[int]] = []

    def join(self) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._queues.append(queue)
        return queue

    def leave(self, queue: asyncio.Queue[int]) -> None:
        with contextlib.suppress(ValueError):
            self._queues.remove(queue)

    def publish(self, generation: int) -> None:
        for queue in self._queues:
            queue.put_nowait(generation)

    def close(self) -> None:
        self.publish(self.CLOSED)


def _static(name: str) -> str:
    return (files("stamperia.studio") / "static" / name).read_text(encoding="utf-8")


def vision_filters() -> str:
    """SVG filters simulating the three colour-vision deficiencies with the matrices the
    colour check uses (stamperia.content.look.colourscience), on linear RGB as they are
    defined."""
    filters = []
    for vision, name in ((Vision.PROTANOPIA, "protanopia"), (Vision.DEUTERANOPIA,
                         "deuteranopia"), (Vision.TRITANOPIA, "tritanopia")):
        rows = vision_matrix(vision)
        values = " ".join(" ".join(f"{v:g}" for v in row) + " 0 0" for row in rows)
        filters.append(f'<filter id="{name}" color-interpolation-filters="linearRGB">'
                       f'<feColorMatrix type="matrix" values="{values} 0 0 0 1 0"/></filter>')
    return ('<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            + "".join(filters) + "</svg>")


def studio_app(studio: Studio, port: int, roots: Sequence[Path], watch: bool = True,
               broker: Broker | None = None) -> Guard:
    """The app for one studio on `port`, watching `roots` (the game's folders) for saves;
    `broker` is closed by the server when it stops (stamperia.studio.run)."""
    broker = broker or Broker()
    checks: list[asyncio.Task[None]] = []
    """The first check, started when the first page opens its event stream (not at once:
    it would compete with drawing the first page)."""

    async def page(_request: Request) -> Response:
        html = _static("index.html").replace("<!--filters-->", vision_filters())
        return HTMLResponse(html, headers={**NO_STORE, "Content-Security-Policy": PAGE_POLICY})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return Response("no such file\n", 404, media_type="text/plain")
        return Response(_static(name), media_type=STATIC[name], headers=NO_STORE)

    async def state(request: Request) -> Response:
        view = await asyncio.to_thread(studio.view, request.query_params.get("locale"),
                                       request.query_params.get("card"))
        game = view.game if view is not None else ""
        return JSONResponse({
            "generation": studio.generation,
            "broken": [f.as_json() for f in studio.broken],
            "view": view.as_json() if view is not None else None,
            "lab": latest_report(studio.settings.reports, game,
                                 view.title if view else "") is not None,
        }, headers=NO_STORE)

    async def piece(request: Request) -> Response:
        view = await asyncio.to_thread(studio.view, request.path_params["locale"],
                                       request.query_params.get("card"))
        text = None if view is None else await asyncio.to_thread(
            studio.piece_svg, view, request.path_params["key"], request.path_params["side"])
        if text is None:
            return Response("no such piece\n", 404, media_type="text/plain")
        return Response(text, media_type=SVG, headers={"Cache-Control": "max-age=3600"})

    async def sheet(request: Request) -> Response:
        view = await asyncio.to_thread(studio.view, request.path_params["locale"],
                                       request.query_params.get("card"))
        number = request.path_params["number"]
        if view is None or not 0 <= number < len(view.sheets):
            return Response("no such sheet\n", 404, media_type="text/plain")
        text = await asyncio.to_thread(studio.sheet_svg, view, view.sheets[number].page)
        return Response(text, media_type=SVG, headers={"Cache-Control": "max-age=3600"})

    async def engine(request: Request) -> Response:
        game = studio.game
        query = request.query_params
        if "players" not in query:  # asked when the table is first shown: is there one?
            found = game is not None and await asyncio.to_thread(_has_engine, game.ruleset)
            return JSONResponse({"engine": found}, headers=NO_STORE)
        try:
            if game is None:
                raise EngineRefusal("the game does not load")
            players = int(query.get("players", "0"))
            seed = int(query.get("seed", "0"))
            if not 0 <= seed < 2**63:
                raise EngineRefusal("the seed is 0 to 2**63 - 1")
            moves = [m for m in query.get("moves", "").split(",") if m]
            answer = await asyncio.to_thread(follow, game, players, seed, moves)
        except ValueError as error:  # EngineRefusal, or a number that is not one
            return JSONResponse({"error": str(error)}, 400, headers=NO_STORE)
        return JSONResponse(answer, headers=NO_STORE)

    async def lab(_request: Request) -> Response:
        view = await asyncio.to_thread(studio.view, None)
        reports = studio.settings.reports
        found = latest_report(reports, view.game, view.title) if view is not None else None
        if found is None:
            text = no_report_text(reports, view.game if view is not None else "GAME")
            return HTMLResponse(f"<!doctype html><meta charset=utf-8><p id=no-report>"
                                f"{_escape(text)}</p>", headers=NO_STORE)
        try:
            return HTMLResponse(found.read_text(encoding="utf-8", errors="replace"),
                                headers=NO_STORE)
        except OSError as error:
            return HTMLResponse(f"<p>cannot read {_escape(str(found))}: "
                                f"{_escape(str(error))}</p>", 500)

    async def events(request: Request) -> Response:
        queue = broker.join()
        if not checks:  # the first page is shown: its findings are worth the wait now
            checks.append(asyncio.create_task(_first_check(studio, broker)))

        async def stream() -> AsyncIterator[str]:
            try:
                yield f"data: {json.dumps({'generation': studio.generation})}\n\n"
                while not await request.is_disconnected():
                    try:
                        generation = await asyncio.wait_for(queue.get(), KEEP_ALIVE_S)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if generation == Broker.CLOSED:
                        break
                    yield f"data: {json.dumps({'generation': generation})}\n\n"
            finally:
                broker.leave(queue)

        return StreamingResponse(stream(), media_type="text/event-stream", headers=NO_STORE)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        stop = asyncio.Event()
        tasks = [asyncio.create_task(_watch(studio, broker, roots, stop))] if watch else []
        try:
            yield
        finally:
            stop.set()
            tasks += checks
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    app = Starlette(routes=[
        Route("/", page),
        Route("/static/{name}", static),
        Route("/api/view", state),
        Route("/api/events", events),
        Route("/svg/{side:str}/{locale:str}/{key:path}", piece),
        Route("/sheet/{locale:str}/{number:int}", sheet),
        Route("/lab", lab),
        Route("/api/engine", engine),
        Route("/favicon.ico", no_icon),
    ], lifespan=lifespan)
    return Guard(app, port)


def _has_engine(ruleset: str) -> bool:
    from stamperia.rules.registry import NoRuleset, ruleset_for

    try:
        return ruleset_for(ruleset).positions is not None
    except NoRuleset:
        return False


async def no_icon(_request: Request) -> Response:
    return Response(status_code=204)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


async def _first_check(studio: Studio, broker: Broker) -> None:
    """The findings of the first view, published when found."""
    await asyncio.to_thread(studio.recheck)
    broker.publish(studio.generation)


async def _watch(studio: Studio, broker: Broker, roots: Sequence[Path],
                 stop: asyncio.Event) -> None:
    """Redraw on every save: the drawing first, published at once, then the findings."""
    from watchfiles import awatch

    async for changes in awatch(*roots, stop_event=stop, debounce=50, step=20):
        changed = [Path(path) for _, path in changes]
        await asyncio.to_thread(studio.refresh, changed)
        broker.publish(studio.generation)
        await asyncio.to_thread(studio.recheck)
        broker.publish(studio.generation)
