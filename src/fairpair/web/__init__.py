"""The web app: a director's desk (signed in) and public pages for players, over the service.

:func:`fairpair.web.app.create_app` builds the FastAPI application; ``fairpair serve`` runs it
with uvicorn. Routes stay thin: they parse the request, call :mod:`fairpair.service` and render
a Jinja2 template (or JSON for the API).
"""
