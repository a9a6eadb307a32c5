"""The page's motion and sound (browser side of :mod:`ui.motion`): the only module that
animates or makes a noise.

- :class:`Animator` plays a :class:`ui.motion.Motion` with the Web Animations API on the
  board already painted in its new position, and finishes it at once when the player
  touches the page (input is never delayed). Under ``prefers-reduced-motion: reduce``
  nothing moves. While a motion runs, ``#app`` has ``data-animating``; ``<html
  data-motions>`` counts the motions played (for the end-to-end tests).
- :class:`Sounds` makes short, quiet effects with WebAudio oscillators (nothing is
  fetched). Its audio context is created (or resumed) only on a player's gesture, and
  any failure is silent: a tablet without sound plays on. ``<html data-sounds>``
  counts the sounds played.

``window.tableroMotionScale`` (tests only) stretches every motion, so a test can look
at one half-way.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from ui.html import real
from ui.motion import (
    Motion,
    attacker_keyframes,
    defender_keyframes,
    face_keyframes,
    ghost_html,
    slide_keyframes,
)

REDUCED = "(prefers-reduced-motion: reduce)"


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


def _count(attribute: str) -> None:
    root = document.documentElement
    root.setAttribute(attribute, str(int(str(root.getAttribute(attribute) or "0")) + 1))


class Animator:
    def __init__(self, root: Any) -> None:
        self.root = root
        self.running: list[Any] = []
        self.squares: list[Any] = []
        self.ghosts: list[Any] = []
        self._on_finish = create_proxy(self._finished)
        # Asked once: a tap's handler only reads them (every call into the page counts).
        self._reduced = window.matchMedia(REDUCED)
        scale = getattr(window, "tableroMotionScale", None)
        self._scale = float(scale) if scale is not None and real(scale) and scale else 1.0
        self._timings: dict[float, Any] = {}

    def reduced(self) -> bool:
        return bool(self._reduced.matches)

    def timing(self, duration: float) -> Any:
        found = self._timings.get(duration)
        if found is None:
            found = self._timings[duration] = _js(
                {"duration": duration * self._scale, "fill": "backwards"}
            )
        return found

    def play(self, motion: Motion) -> None:
        self.finish()
        if self.reduced():
            return
        try:
            self._play(motion)
        except Exception:  # a motion is decoration: the move is on the board already
            traceback.print_exc()
            self.finish()

    def _play(self, motion: Motion) -> None:
        origin = document.getElementById(f"sq-{motion.origin}")
        target = document.getElementById(f"sq-{motion.target}")
        if not real(origin) or not real(target):
            return
        start, end = origin.getBoundingClientRect(), target.getBoundingClientRect()
        dx, dy = float(start.left - end.left), float(start.top - end.top)
        size = float(end.width)
        timing = self.timing(motion.duration)
        target.classList.add("motion-top")
        self.squares.append(target)
        if motion.attacker is not None and motion.defender is not None:
            target.classList.add("motion-hidden")
            # The ghosts lie over the square, outside the board: the board's squares keep
            # only what the position holds.
            layer = document.createElement("div")
            layer.className = "motion-layer"
            layer.setAttribute("aria-hidden", "true")
            layer.style.cssText = (
                f"left:{end.left}px;top:{end.top}px;width:{end.width}px;height:{end.height}px"
            )
            layer.innerHTML = ghost_html(motion.defender, "defender") + ghost_html(
                motion.attacker, "attacker"
            )
            self.root.appendChild(layer)
            self.ghosts.append(layer)
            ghosts = {
                "attacker": layer.querySelector(".motion-attacker"),
                "defender": layer.querySelector(".motion-defender"),
            }
            frames = {
                "attacker": attacker_keyframes(dx, dy, size, motion.attacker.loses),
                "defender": defender_keyframes(dx, dy, size, motion.defender.loses),
            }
            for role, ghost in ghosts.items():
                self.running.append(ghost.animate(_js(frames[role]), timing))
                for face, before in ((".motion-before", True), (".motion-after", False)):
                    side = ghost.querySelector(face)
                    if real(side):
                        self.running.append(side.animate(_js(face_keyframes(before)), timing))
        else:
            tile = target.querySelector(".tile")
            if not real(tile):
                return
            self.running.append(tile.animate(_js(slide_keyframes(dx, dy)), timing))
        if self.running:
            self.running[0].addEventListener("finish", self._on_finish)
            self.root.setAttribute("data-animating", "attack" if motion.attack else "slide")
            _count("data-motions")

    def _finished(self, _event: Any) -> None:
        # The end of an animation this motion replaced may arrive after the new began.
        if all(str(animation.playState) == "finished" for animation in self.running):
            self.clean_up()

    def finish(self) -> None:
        """End the motion now (its last frame), e.g. the player touched the page."""
        if not (self.running or self.squares):
            return
        running, self.running = self.running, []
        for animation in running:
            try:
                animation.finish()
            except Exception:  # an element already replaced by a paint
                continue
        self.clean_up()

    def clean_up(self) -> None:
        for ghost in self.ghosts:
            ghost.remove()
        for square in self.squares:
            square.classList.remove("motion-top", "motion-hidden")
        self.ghosts, self.squares, self.running = [], [], []
        self.root.removeAttribute("data-animating")


#: Each effect: notes of (start s, length s, frequency Hz, end frequency Hz, wave, gain).
Note = tuple[float, float, float, float, str, float]
EFFECTS: dict[str, tuple[Note, ...]] = {
    "move": ((0.0, 0.07, 520.0, 420.0, "triangle", 0.05),),
    "attack": (
        (0.0, 0.12, 180.0, 90.0, "square", 0.035),
        (0.08, 0.16, 660.0, 500.0, "triangle", 0.04),
    ),
    "win": (
        (0.0, 0.14, 523.0, 523.0, "triangle", 0.05),
        (0.12, 0.14, 659.0, 659.0, "triangle", 0.05),
        (0.24, 0.3, 784.0, 784.0, "triangle", 0.05),
    ),
    "handover": (
        (0.0, 0.1, 440.0, 440.0, "sine", 0.05),
        (0.1, 0.14, 330.0, 330.0, "sine", 0.05),
    ),
}


class Sounds:
    def __init__(self, enabled: Callable[[], bool]) -> None:
        self.enabled = enabled
        self.audio: Any = None

    def unlock(self) -> None:
        """On a player's gesture: the audio context, made or woken up (browsers let a
        page make sound only after one)."""
        if not self.enabled():
            return
        try:
            if self.audio is None:
                maker: Any = getattr(window, "AudioContext", None) or getattr(
                    window, "webkitAudioContext", None
                )
                if maker is None or not real(maker):
                    return
                self.audio = maker.new()
            if str(self.audio.state) == "suspended":
                self.audio.resume()
        except Exception:
            self.audio = None

    def play(self, name: str) -> None:
        if not self.enabled() or name not in EFFECTS:
            return
        audio = self.audio
        if audio is None:
            return
        try:
            now = float(audio.currentTime)
            for start, length, frequency, end, wave, gain in EFFECTS[name]:
                tone = audio.createOscillator()
                volume = audio.createGain()
                tone.type = wave
                begin = now + start
                tone.frequency.setValueAtTime(frequency, begin)
                tone.frequency.exponentialRampToValueAtTime(end, begin + length)
                volume.gain.setValueAtTime(0.0001, begin)
                volume.gain.exponentialRampToValueAtTime(gain, begin + 0.01)
                volume.gain.exponentialRampToValueAtTime(0.0001, begin + length)
                tone.connect(volume)
                volume.connect(audio.destination)
                tone.start(begin)
                tone.stop(begin + length + 0.02)
        except Exception:  # no sound is no reason to stop the game
            return
        _count("data-sounds")
