"""One plain line instead of a traceback when a chart package cannot be loaded in the browser version of the kit.

In JupyterLite, matplotlib, numpy, pandas and networkx are compiled for the browser and come from the Pyodide CDN
the first time a notebook imports them; without the internet the import fails. ``install()`` makes IPython report
that failure in one sentence a student can act on, and leaves every other error as it was.
"""
from __future__ import annotations

#: Packages (and their compiled dependencies) that the browser version downloads from the Pyodide CDN.
CHART_PACKAGES = frozenset({"matplotlib", "mpl_toolkits", "pylab", "numpy", "pandas", "networkx", "PIL",
                            "kiwisolver", "contourpy", "fontTools", "cycler", "pyparsing", "dateutil", "pytz"})


class ChartsUnavailable(ModuleNotFoundError):
    """A chart package could not be loaded; IPython shows it as its one-line message (``_render_traceback_``)."""

    def __init__(self, package: str):
        super().__init__(
            f"⚠ The charts need {package}, which this browser could not load: the browser version of the kit "
            f"downloads it from the internet the first time. Connect to the internet, then run the notebook's "
            f"first cell again.", name=package)

    def _render_traceback_(self):
        return [self.msg]


def explain(shell, etype, value, tb, tb_offset=None):
    """IPython custom exception handler: a missing chart package in one line, anything else as usual."""
    package = (getattr(value, "name", None) or "").split(".")[0]
    if package in CHART_PACKAGES:
        shell.showtraceback((ChartsUnavailable, ChartsUnavailable(package), tb))
    else:
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)


def install(shell=None):
    """Register ``explain`` with the running IPython (a no-op outside IPython)."""
    if shell is None:
        from IPython import get_ipython
        shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((ModuleNotFoundError,), explain)
    return shell
