"""Stratego on the tablet: new game, setup, hot-seat play, game over, resume.
Registered in :data:`ui.games.GAMES`; nothing here touches the browser (the shell's
loop does)."""
