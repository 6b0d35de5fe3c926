"""A private JupyterLab server and a headless Chromium for the real-browser tests.

:class:`LabServer` starts ``jupyter lab`` on 127.0.0.1 with a random free port,
a random token, no browser, and every Jupyter directory (config, runtime,
settings, workspaces, IPython) in a temporary folder, serving a *copy* of the
lessons (so nothing the browser does can write outputs into the repository's
notebooks). :func:`launch_chromium` starts Debian's Chromium through
Playwright (Playwright's own browser download is not used).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from prohis_nb.labserver import SERVER_OPTION

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = os.environ.get("PNB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]

#: JupyterLab settings for a quiet, testable page: no news, no update checks,
#: every cell kept in the page (no windowing), no autosave.
SETTINGS_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LabServer:
    """``jupyter lab`` serving a copy of ``notebooks`` from a temporary folder."""

    def __init__(
        self, workdir: Path, notebooks: Path = NOTEBOOKS, *, prompt_websockets: bool = True
    ) -> None:
        """``prompt_websockets``: serve as ``make lab`` does, each widget update sent at
        once (:data:`prohis_nb.labserver.SERVER_OPTION`); False: jupyter_server's default."""
        self.workdir = workdir
        self.prompt_websockets = prompt_websockets
        self.root = workdir / "notebooks"
        shutil.copytree(notebooks, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log_path = workdir / "jupyter-lab.log"

    def start(self, timeout: float = 60.0) -> None:
        """Start the server and wait until it answers (raises with its log if it does not)."""
        settings = self.workdir / "app-settings"
        settings.mkdir()
        (settings / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES))
        env = {
            **os.environ,
            "JUPYTER_CONFIG_DIR": str(self.workdir / "config"),
            "JUPYTER_RUNTIME_DIR": str(self.workdir / "runtime"),
            "JUPYTER_DATA_DIR": str(self.workdir / "data"),
            "JUPYTERLAB_SETTINGS_DIR": str(self.workdir / "user-settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.workdir / "workspaces"),
            "IPYTHONDIR": str(self.workdir / "ipython"),
            "JUPYTER_PLATFORM_DIRS": "1",
        }
        command = [
            sys.executable, "-m", "jupyter", "lab",
            "--no-browser",
            "--allow-root",
            "--ServerApp.terminals_enabled=False",
            "--LabApp.extension_manager=readonly",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            f"--LabApp.app_settings_dir={settings}",
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.expose_app_in_browser=True",
            "--MappingKernelManager.cull_idle_timeout=0",
        ]  # fmt: skip
        if self.prompt_websockets:
            command.append(SERVER_OPTION)
        self._log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            command, env=env, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + timeout
        status = f"{self.url}/api/status?token={self.token}"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                with urllib.request.urlopen(status, timeout=2) as reply:
                    if reply.status == 200:
                        return
            except OSError:
                time.sleep(0.1)  # polling a starting server, not timing a test
        self.stop()
        raise RuntimeError(f"jupyter lab did not start:\n{self.log_path.read_text()[-4000:]}")

    def notebook_url(self, name: str) -> str:
        # ``reset``: start from an empty workspace, so only this notebook is open.
        return f"{self.url}/lab/tree/{name}?reset&token={self.token}"

    def stop(self) -> None:
        """Stop the server and its kernels (the whole process group it started)."""
        process = self.process
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        self.process = None
        if getattr(self, "_log", None):
            self._log.close()


def launch_chromium(playwright):
    """Debian's Chromium, headless, through Playwright."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def run_all_cells(page, lab: LabServer, name: str, timeout_ms: int = 120_000, before=None) -> float:
    """Open notebook ``name``, run every cell with JupyterLab's Run All; return seconds taken.

    Fails with the cell's error if a cell raised. ``before``: called once the
    kernel is ready, just before Run All (not timed).
    """
    page.goto(lab.notebook_url(name))
    page.wait_for_function(
        """(name) => {
            const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            const k = w && w.context && w.context.path === name && w.sessionContext
                && w.sessionContext.session && w.sessionContext.session.kernel;
            return k && k.status === 'idle' && w.content && w.content.widgets.length > 0;
        }""",
        arg=name,
        timeout=timeout_ms,
    )
    if before is not None:
        before()
    started = time.perf_counter()
    ok = page.evaluate(
        "async () => await window.jupyterapp.commands.execute('notebook:run-all-cells')"
    )
    errors = page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets
            .filter(c => c.model.type === 'code')
            .flatMap(c => c.model.outputs.toJSON())
            .filter(o => o.output_type === 'error')
            .map(o => o.ename + ': ' + o.evalue)"""
    )
    assert ok and not errors, f"{name}: Run All failed: {errors}"
    current = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path")
    assert current == name, f"Run All ran {current}, not {name}"
    unrun = page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets
            .filter(c => c.model.type === 'code' && c.model.executionCount === null).length"""
    )
    assert unrun == 0, f"{name}: {unrun} code cells did not run"
    return time.perf_counter() - started
