"""The error a teacher's notebook gets from the class server (one small module, so
that the session and the dashboard both use it without importing each other)."""

from __future__ import annotations

from prohis_nb.errors import ProhisNbError


class ClassError(ProhisNbError):
    """The class server refused a request, or could not be reached (the text says why)."""
