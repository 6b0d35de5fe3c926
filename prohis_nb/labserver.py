"""The lessons' Jupyter server sends each widget update as soon as the kernel does.

A click on a widget travels browser → server → kernel, and the kernel's answer
(a new table, a new picture) travels back kernel → server → browser. The
kernel answers within a few milliseconds. But jupyter_server writes to the
browser's websocket with Nagle's algorithm on (it never calls tornado's
``set_nodelay``): after the kernel's first small message ("busy"), the next
ones wait in the server's socket until the browser acknowledges it, and Linux
delays that acknowledgement by up to 40 ms. So about every other click landed
35-40 ms late, whatever the widget did; ``benchmarks/browser_speed.py`` shows
it (its "held" column).

:class:`PromptKernelWebsocketConnection` is jupyter_server's own kernel
connection with ``TCP_NODELAY`` turned on for the browser's websocket, so
small messages leave at once. It changes nothing else. ``make lab``, the
Binder image and the browser tests start JupyterLab with it; a teacher running
their own server or JupyterHub can add one line to ``jupyter_server_config.py``::

    c.ServerApp.kernel_websocket_connection_class = (
        "prohis_nb.labserver.PromptKernelWebsocketConnection"
    )

or pass :data:`SERVER_OPTION` to ``jupyter lab`` on the command line.

This module imports jupyter_server (installed with JupyterLab, the
``notebook`` extra); nothing else in prohis_nb imports it.
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["CLASS_PATH", "SERVER_OPTION", "PromptKernelWebsocketConnection"]

#: Where jupyter_server's configuration finds the class.
CLASS_PATH = "prohis_nb.labserver.PromptKernelWebsocketConnection"

#: The ``jupyter lab`` command-line option that turns it on.
SERVER_OPTION = f"--ServerApp.kernel_websocket_connection_class={CLASS_PATH}"


class PromptKernelWebsocketConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel connection, sending small messages without delay.

    jupyter_server calls :meth:`connect` once the browser's websocket is open;
    this turns Nagle's algorithm off on that socket first (``TCP_NODELAY``),
    then connects as usual.
    """

    # The same signature as ZMQChannelsWebsocketConnection.connect, which differs from its base's.
    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        """Turn ``TCP_NODELAY`` on for the browser's websocket, then connect as usual."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()
