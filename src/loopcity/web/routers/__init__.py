"""The web app's routes, one router each: ``api`` (play's JSON API), ``pages`` (lobby, links page,
play page), ``live`` (WebSockets) and ``review`` (replays, what-if tables, debriefs)."""
