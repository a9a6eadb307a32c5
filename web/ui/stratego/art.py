# ruff: noqa: E501
"""Icons drawn for this app (24×24 SVG path data): army emblems, piece kinds, marks,
buttons. One string per icon reads best, hence the long lines."""

# Icons drawn for this app, 24×24.
SVG = {
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
}
