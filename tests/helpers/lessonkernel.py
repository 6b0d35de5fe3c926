"""A notebook client that does not sit on a reply which has already arrived.

The tests that execute lessons (nbclient) wait for each cell's reply on the
kernel's *shell* channel while another task reads the *IOPub* channel. Now and
then, with widget messages flying, pyzmq's asyncio poll misses the wake-up for
a reply that is already waiting on the socket, and the wait lasts the whole
cell timeout (600 s) before a last check finds it (jupyter/nbclient#312: the
cell passes, ten minutes late; seen in CI with the kernel idle). Polling in
one-second slices re-checks the socket every second, so a waiting message is
read at most a second late; the overall timeout is unchanged.
"""

from __future__ import annotations

import time
from queue import Empty
from typing import Any

from jupyter_client.asynchronous.client import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from jupyter_client.manager import AsyncKernelManager
from traitlets import Type

#: The longest a message that has arrived can go unread.
SLICE_SECONDS = 1.0


class PatientChannel(AsyncZMQSocketChannel):
    """A channel whose ``get_msg`` polls in short slices up to its timeout."""

    async def get_msg(self, timeout: float | None = None) -> dict[str, Any]:  # type: ignore[override]
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = SLICE_SECONDS if deadline is None else deadline - time.monotonic()
            try:
                return await super().get_msg(timeout=max(0.0, min(SLICE_SECONDS, left)))
            except Empty:
                if deadline is not None and time.monotonic() >= deadline:
                    raise


class PatientClient(AsyncKernelClient):
    shell_channel_class = Type(PatientChannel)
    iopub_channel_class = Type(PatientChannel)


def notebook_client(notebook: Any, **options: Any) -> Any:
    """An ``nbclient.NotebookClient`` for ``notebook`` whose kernel client polls patiently."""
    import nbclient

    manager = AsyncKernelManager(kernel_name=options.get("kernel_name", "python3"))
    manager.client_factory = PatientClient
    return nbclient.NotebookClient(notebook, km=manager, **options)
