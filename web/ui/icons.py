"""Inline SVG icons drawn for this app (emoji look different on every tablet)."""

from __future__ import annotations

_PATHS = {
    "play": '<path d="M8 5v14l11-7z"/>',
    "resume": '<path d="M6 5h3v14H6zM11 5v14l9-7z"/>',
    "saves": '<path d="M4 6a2 2 0 0 1 2-2h4l2 2h6a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z"/>',
    "rules": '<path d="M5 4h9a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3zM17 7h2v13h-2" fill="none" stroke="currentColor" stroke-width="2"/>',
    "settings": '<circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 2v4M12 18v4M2 12h4M18 12h4M4.9 4.9l2.8 2.8M16.3 16.3l2.8 2.8M4.9 19.1l2.8-2.8M16.3 7.7l2.8-2.8" stroke="currentColor" stroke-width="2"/>',
    "back": '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>',
    "flag": '<path d="M6 3v18M6 4h11l-2.5 4L17 12H6" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>',
    "globe": '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" fill="none" stroke="currentColor" stroke-width="1.6"/>',
}


def icon(name: str, css_class: str = "icon") -> str:
    return (
        f'<svg class="{css_class}" viewBox="0 0 24 24" aria-hidden="true" focusable="false" '
        f'fill="currentColor">{_PATHS[name]}</svg>'
    )
