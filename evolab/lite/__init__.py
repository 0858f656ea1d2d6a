"""The kit as a static JupyterLite site: Python runs in each student's browser (Pyodide), no server at all.

``python -m evolab.lite build`` builds it (``build.py``, run on the teacher's machine or in CI); ``offline.py`` and
``startup.py`` run in the browser's kernel. Nothing here is imported by ``import evolab``.
"""
