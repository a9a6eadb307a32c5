"""Ideology on the tablet: new game, the table, hands behind hand-over covers, every
phase, game over, resume after a reload. Registered in :data:`ui.games.GAMES`; nothing
here touches the browser (the shell's loop does)."""
