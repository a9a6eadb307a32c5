"""Every icon of the app, drawn for it (24×24 SVG path data; emoji look different on every
tablet): the shell's, Stratego's army emblems, piece kinds and marks, Ideology's card types.
One string per icon reads best, hence the long lines.

>>> icon("flag").startswith('<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"')
True
"""

from __future__ import annotations

ICONS = {
    # the shell
    "play": '<path d="M8 5v14l11-7z"/>',
    "resume": '<path d="M6 5h3v14H6zM11 5v14l9-7z"/>',
    "saves": '<path d="M4 6a2 2 0 0 1 2-2h4l2 2h6a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z"/>',
    "rules": '<path d="M5 4h9a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3zM17 7h2v13h-2" fill="none" stroke="currentColor" stroke-width="2"/>',
    "settings": '<circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 2v4M12 18v4M2 12h4M18 12h4M4.9 4.9l2.8 2.8M16.3 16.3l2.8 2.8M4.9 19.1l2.8-2.8M16.3 7.7l2.8-2.8" stroke="currentColor" stroke-width="2"/>',
    "back": '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>',
    "flag": '<path d="M6 3v18M6 4h11l-2.5 4L17 12H6" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>',
    "globe": '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" fill="none" stroke="currentColor" stroke-width="1.6"/>',
    # Stratego: army emblems, piece kinds (by letter), marks and buttons
    "emblem_red": '<path d="M12 2.5l2.6 6.1 6.6.6-5 4.4 1.5 6.5L12 16.7l-5.7 3.4 1.5-6.5-5-4.4 6.6-.6z"/>',
    "emblem_blue": '<circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" stroke-width="3"/><circle cx="12" cy="12" r="3.5"/>',
    "F": '<path d="M6 3v18M6 4h11l-2.5 4L17 12H6" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round"/>',
    "B": '<circle cx="11" cy="14" r="6.5"/><path d="M15 8.5l2.5-2.5M17 4v2h2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
    "S": '<path d="M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="3"/>',
    "2": '<path d="M4 6l6 6-6 6M12 6l6 6-6 6" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>',
    "3": '<path d="M4 8c4-4 12-4 16 0M12 6v15" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>',
    "X": '<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z"/>',
    "known": '<path d="M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2.4"/><circle cx="12" cy="12" r="3.2"/>',
    "moved": '<path d="M4 17h11M11 12l5 5-5 5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 -5)"/>',
    "swords": '<path d="M4 4l10 10M20 4L10 14M6 18l-2 2M18 18l2 2M7 15l2 2M17 15l-2 2" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>',
    "undo": '<path d="M9 7H4V2M4.5 7A8 8 0 1 1 6 17" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>',
    "handover": '<path d="M3 12h14M12 6l6 6-6 6" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><path d="M20 4v16" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>',
    "dice": '<rect x="3.5" y="3.5" width="17" height="17" rx="3" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="8.5" cy="8.5" r="1.6"/><circle cx="15.5" cy="15.5" r="1.6"/><circle cx="12" cy="12" r="1.6"/>',
    "clear": '<path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>',
    "save": '<path d="M5 3h11l3 3v15H5z M8 3v5h7V3M8 21v-7h8v7" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>',
    "check": '<path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
    "draw": '<path d="M5 9h14M5 15h14" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>',
    "resign": '<path d="M6 3v18M6 4h11v8H6" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round"/>',
    "home": '<path d="M3 11l9-7 9 7M6 9.5V20h12V9.5" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round"/>',
    "use": '<path d="M4 12h12M11 6l6 6-6 6" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
    # Ideology: card types, buttons
    "military": '<path d="M12 2.5l7.5 3v6c0 4.8-3.2 8.6-7.5 10.5C7.7 20.1 4.5 16.3 4.5 11.5v-6z"/>',
    "economic": '<g fill="none" stroke="currentColor" stroke-width="2"><ellipse cx="12" cy="6" rx="7" ry="2.8"/><path d="M5 6v4.5c0 1.6 3.1 2.8 7 2.8s7-1.2 7-2.8V6M5 10.5V15c0 1.6 3.1 2.8 7 2.8s7-1.2 7-2.8v-4.5M5 15v3.2C5 19.8 8.1 21 12 21s7-1.2 7-2.8V15"/></g>',
    "cultural": '<g fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"><path d="M2.5 5.5C5.5 4 9 4 12 6c3-2 6.5-2 9.5-.5v14c-3-1.5-6.5-1.5-9.5.5-3-2-6.5-2-9.5-.5z"/><path d="M12 6v14"/></g>',
    "undo_arrow": '<path d="M9 7L4 12l5 5M4 12h10a6 6 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 -3)"/>',
    "hand": '<rect x="3" y="6" width="9" height="13" rx="1.5" transform="rotate(-12 7 12)"/><rect x="11" y="4" width="9" height="13" rx="1.5" transform="rotate(8 15 10)" fill="none" stroke="currentColor" stroke-width="2"/>',
    "tick": '<path d="M5 12.5l4.5 4.5L19 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
    "crown": '<path d="M3 18h18l-1.5-10-4.5 4-3-6-3 6-4.5-4z"/>',
    # Looking back at a game: the steps, the finished games
    "first": '<path d="M6 5v14M18 5l-8 7 8 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
    "previous": '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
    "next": '<path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
    "last": '<path d="M18 5v14M6 5l8 7-8 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
    "review": '<path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4 3.5v4h4M12 8v4.5l3 2" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>',
    "finished": '<path d="M5 3h14v4a7 7 0 0 1-14 0zM9 17h6M12 14v3M8 21h8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>',
}


def icon(name: str, css_class: str = "icon") -> str:
    """An inline SVG icon, hidden from screen readers (the button or text beside it speaks)."""
    return (
        f'<svg class="{css_class}" viewBox="0 0 24 24" aria-hidden="true" focusable="false" '
        f'fill="currentColor">{ICONS[name]}</svg>'
    )
