"""The lessons' server sends widget updates at once (TCP_NODELAY on the browser's websocket).

The socket option is read from a real websocket opened by a real browser-side
client (tornado's), not from a mock; and every place that starts JupyterLab
for the lessons (``make lab``, the Binder image, the browser tests) is checked
to name the class, so a renamed class cannot silently fall back to the server's
default.
"""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import pytest

pytest.importorskip("jupyter_server")

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket
from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

from prohis_nb.labserver import (
    CLASS_PATH,
    SERVER_OPTION,
    PromptKernelWebsocketConnection,
)

ROOT = Path(__file__).resolve().parents[2]


def _nodelay(handler: tornado.websocket.WebSocketHandler) -> int:
    stream = handler.ws_connection.stream  # type: ignore[union-attr]
    assert stream is not None
    return stream.socket.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


async def _server_socket_options(connection_class: type, monkeypatch: pytest.MonkeyPatch) -> dict:
    """Open a real websocket and connect ``connection_class`` the way jupyter_server does."""
    # The kernel side (ZMQ channels) is not under test: the parent class's connect
    # is replaced by a recorder, so only what the subclass adds runs for real.
    calls: list[str] = []
    monkeypatch.setattr(
        ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append("connected")
    )
    seen: dict = {}

    class Handler(KernelWebsocketHandler):
        """jupyter_server's kernel websocket, without the login, the kernel lookup and
        the choice of message protocol (a kernel's business, not the socket's)."""

        async def prepare(self, *, _redirect_to_login: bool = True) -> None:
            pass

        async def get(self) -> None:  # type: ignore[override]
            await tornado.websocket.WebSocketHandler.get(self)

        def select_subprotocol(self, subprotocols: list[str]) -> None:
            return None

        def open(self) -> None:  # type: ignore[override]
            seen["before"] = _nodelay(self)
            connection_class(websocket_handler=self).connect()
            seen["after"] = _nodelay(self)
            seen["calls"] = list(calls)
            self.write_message("ready")

    app = tornado.web.Application([(r"/ws", Handler)])
    (listener,) = tornado.netutil.bind_sockets(0, "127.0.0.1")
    port = listener.getsockname()[1]
    server = tornado.httpserver.HTTPServer(app)
    server.add_sockets([listener])
    try:
        client = await tornado.websocket.websocket_connect(f"ws://127.0.0.1:{port}/ws")
        assert await client.read_message() == "ready"
        client.close()
    finally:
        server.stop()
    return seen


def test_the_prompt_connection_turns_nagle_off_then_connects_as_usual(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = asyncio.run(_server_socket_options(PromptKernelWebsocketConnection, monkeypatch))
    assert seen["before"] == 0  # tornado's default: Nagle on (the delay this class removes)
    assert seen["after"] != 0
    assert seen["calls"] == ["connected"]


def test_jupyter_servers_own_connection_leaves_nagle_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: without the class, the websocket keeps Nagle's algorithm."""
    seen = asyncio.run(_server_socket_options(ZMQChannelsWebsocketConnection, monkeypatch))
    assert seen["after"] == 0


def test_jupyter_server_accepts_the_configured_class() -> None:
    app = ServerApp(kernel_websocket_connection_class=CLASS_PATH)
    assert app.kernel_websocket_connection_class is PromptKernelWebsocketConnection


def test_every_lesson_server_is_started_with_it() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    (lab_recipe,) = [line for line in makefile.splitlines() if "jupyter lab" in line]
    assert "$(LAB_SERVER)" in lab_recipe
    assert f"LAB_SERVER := {SERVER_OPTION}" in makefile
    binder = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    assert binder["ServerApp"]["kernel_websocket_connection_class"] == CLASS_PATH
    assert "binder/jupyter_server_config.json" in (ROOT / "binder" / "postBuild").read_text()
    helpers = (ROOT / "tests" / "helpers" / "browser.py").read_text(encoding="utf-8")
    assert "SERVER_OPTION" in helpers
