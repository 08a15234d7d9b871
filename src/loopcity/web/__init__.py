"""Loopcity's web app: FastAPI pages, JSON API and WebSockets over the engine's registry."""

from .app import create_app

__all__ = ["create_app"]
