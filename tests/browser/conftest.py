"""Fixtures for the real-browser tests: one JupyterLab server and one Chromium per module."""

from __future__ import annotations

import os

import pytest
from helpers.browser import ARTIFACTS, CHROMIUM, LabServer, launch_chromium


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A private JupyterLab server on the lessons; always stopped, even when a test fails."""
    server = LabServer(tmp_path_factory.mktemp("lab"))
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}: run `make browser` "
            "(apt-get install -y chromium) or set PNB_CHROMIUM"
        )
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)  # auto-waiting, generous for a loaded 2-core machine
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()
