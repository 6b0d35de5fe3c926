"""Which extra brings which library, and one clear error when an extra is missing.

``pip install prohis-nb`` installs the engine and the command line: the
engine needs nothing but the standard library, the command line only tqdm
(its progress bars). Everything else comes with an *extra*, a named group
of libraries installed with the package::

    pip install "prohis-nb[notebook]"    # the lessons' needs: widgets, plots, the maths
    pip install ".[notebook]"            # the same from a clone of the repository

==============  ================================================================
extra           brings
==============  ================================================================
``analysis``    numpy, scipy, matplotlib, nashpy: the equilibrium, the plots
``notebook``    ``analysis`` and ipywidgets, ipykernel: everything a Jupyter
                kernel needs to run the lessons (into a JupyterHub too: it
                installs no JupyterLab)
``lab``         ``notebook`` and JupyterLab, to open the lessons on your own
                machine (``make lab`` and Binder use it)
``openspiel``   OpenSpiel's algorithms on these games
``scale``       Parquet sinks and Dask clusters for big tournaments
``live``        Starlette, uvicorn, SQLAlchemy, segno: the live class server
==============  ================================================================

A part of the package that needs an extra calls :func:`require` at its top
(or :func:`raise_missing_extra` where it imports lazily), so that a missing
library is reported as::

    prohis_nb.widgets needs ipywidgets, which comes with the 'notebook' extra:
    pip install "prohis-nb[notebook]" (or, in a clone: pip install ".[notebook]")

and not as a bare ``ModuleNotFoundError: No module named 'ipywidgets'``.
The error is a :class:`MissingExtraError`: both a
:class:`~prohis_nb.errors.ProhisNbError` (the command line prints it in one
line) and a :class:`ModuleNotFoundError` (code that tries an optional import
with ``except ImportError`` goes on working). Pure standard library.
"""

from __future__ import annotations

from importlib.util import find_spec

from prohis_nb.errors import ProhisNbError

#: The project's name on the package index (``pip install "prohis-nb[...]"``).
DISTRIBUTION = "prohis-nb"

#: The extra that brings each optional library, by the name it is imported under.
EXTRA_OF: dict[str, str] = {
    "numpy": "analysis",
    "scipy": "analysis",
    "matplotlib": "analysis",
    "nashpy": "analysis",
    "ipywidgets": "notebook",
    "ipykernel": "notebook",
    "IPython": "notebook",
    "jupyterlab": "lab",
    "jupyter_server": "lab",
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "pyarrow": "scale",
    "dask": "scale",
    "distributed": "scale",
    "duckdb": "scale",
    "pandas": "scale",
    "starlette": "live",
    "uvicorn": "live",
    "sqlalchemy": "live",
    "segno": "live",
}


class MissingExtraError(ProhisNbError, ModuleNotFoundError):
    """A library that an extra brings is not installed; the message says which extra.

    ``name`` is the missing library (as :class:`ModuleNotFoundError` has it),
    ``extra`` the extra that brings it.
    """

    def __init__(self, message: str, *, name: str, extra: str) -> None:
        super().__init__(message, name=name)
        self.extra = extra

    def __reduce__(self) -> tuple:
        """Pickled with its keywords (a tournament worker sends it back to the parent)."""
        return (
            _missing_extra_error,
            (str(self.args[0]) if self.args else "", self.name, self.extra),
        )


def _missing_extra_error(message: str, name: str, extra: str) -> MissingExtraError:
    """Rebuild a pickled :class:`MissingExtraError`."""
    return MissingExtraError(message, name=name, extra=extra)


def install_hint(extra: str) -> str:
    """The command that installs ``extra``, from the package index and from a clone.

    >>> install_hint("notebook")
    'pip install "prohis-nb[notebook]" (or, in a clone: pip install ".[notebook]")'
    """
    return f'pip install "{DISTRIBUTION}[{extra}]" (or, in a clone: pip install ".[{extra}]")'


def _error(feature: str, module: str) -> MissingExtraError:
    top = module.partition(".")[0]
    extra = EXTRA_OF[top]
    return MissingExtraError(
        f"{feature} needs {top}, which comes with the {extra!r} extra: {install_hint(extra)}",
        name=top,
        extra=extra,
    )


def require(feature: str, *modules: str) -> None:
    """Raise :class:`MissingExtraError` unless every library of ``modules`` is installed.

    ``feature`` names what needs them in the message (``"prohis_nb.plots"``).
    The libraries are looked up, not imported (:func:`importlib.util.find_spec`),
    so a module may call this at its top and still import them only when used.
    Each name must be a key of :data:`EXTRA_OF`.

    >>> require("the engine", "json")
    Traceback (most recent call last):
    ...
    KeyError: 'json is not an optional library (EXTRA_OF)'
    """
    for module in modules:
        if module.partition(".")[0] not in EXTRA_OF:
            raise KeyError(f"{module} is not an optional library (EXTRA_OF)")
        if find_spec(module.partition(".")[0]) is None:
            raise _error(feature, module)


def raise_missing_extra(error: ImportError, feature: str) -> None:
    """Raise the :class:`MissingExtraError` that explains ``error``, if an extra does.

    For lazy imports::

        except ModuleNotFoundError as error:
            raise_missing_extra(error, "prohis_nb.widgets")
            raise

    Only a missing library of :data:`EXTRA_OF` is explained (the new error's
    ``__cause__`` is ``error``); for any other missing module (a bug, a broken
    installation) this returns and the caller re-raises ``error`` as it was,
    as it does a :class:`MissingExtraError` raised further down.
    """
    if isinstance(error, MissingExtraError) or not isinstance(error, ModuleNotFoundError):
        return
    name = error.name or ""
    if name.partition(".")[0] in EXTRA_OF:
        raise _error(feature, name) from error
