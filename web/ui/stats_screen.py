"""The statistics screen (``#/stats``): games played and won per person, per game and
variant and per opponent, streaks and average lengths, small bar charts; export, import
and reset (after a question). No browser import: tested on CPython."""

from __future__ import annotations

from html import escape

from ui import stats
from ui.charts import Bar, bar_chart
from ui.computer import PERSON
from ui.html import INTENT, button, icon
from ui.loop import Context, Intent, Notice, Outcome, Page, QuietScreen
from ui.routes import Route
from ui.saves import now_iso
from ui.screens import Translate, page

#: The length's words per game: moves for Stratego, turns for Ideology.
AVERAGE_KEYS = {"stratego": "stats_average_moves", "ideology": "stats_average_turns"}


def kind_name(t: Translate, kind: str) -> str:
    """The game's name, and Stratego's army: "Stratego · Barrage"."""
    game, variant = kind.split("/")
    if not variant:
        return t(f"game_{game}")
    return f"{t(f'game_{game}')} · {t(f'stratego_variant_{variant}')}"


def opponent_name(t: Translate, kind: str) -> str:
    return t("stats_opponent_person") if kind == PERSON else t(f"computer_level_{kind}")


def shown_name(t: Translate, game: str, name: str) -> str:
    """An unnamed Ideology seat is counted under its ideology: named in the language shown."""
    if game != "ideology":
        return name
    from engine.ideology import IDEOLOGIES
    from ui.ideology.text import named

    return named(t, "ideology", name) if name in IDEOLOGIES else name


def kind_card(t: Translate, records: list[stats.Record], kind: str) -> str:
    game = kind.split("/")[0]
    rows = stats.player_rows(records, kind)
    for row in rows:
        row.name = shown_name(t, game, row.name)
    games = stats.of_kind(records, kind)
    slug = kind.replace("/", "-").rstrip("-")
    average = stats.average_length(records, kind) or 0.0
    summary = (
        t("stats_games", count=len(games)) + " · " + t(AVERAGE_KEYS[game], average=round(average))
    )
    head = "".join(
        f'<th scope="col">{escape(t(key))}</th>'
        for key in ("stats_col_player", "stats_col_played", "stats_col_won", "stats_col_streak")
    )
    body = "".join(
        f'<tr><th scope="row">{escape(row.name)}</th><td class="num">{row.played}</td>'
        f'<td class="num">{row.won}</td>'
        f'<td class="num">{row.streak} / {row.best_streak}</td></tr>'
        for row in rows
    )
    against = "".join(
        f'<tr><th scope="row">{escape(row.name)}</th><td>{escape(opponent_name(t, opponent))}</td>'
        f'<td class="num">{tally[0]}</td><td class="num">{tally[1]}</td></tr>'
        for row in rows
        for opponent, tally in sorted(row.opponents.items())
    )
    against_head = "".join(
        f'<th scope="col">{escape(t(key))}</th>'
        for key in ("stats_col_player", "stats_col_opponent", "stats_col_played", "stats_col_won")
    )
    bars = [
        Bar(
            row.name,
            row.won,
            css="chart-won",
            text=t("stats_won_of", won=row.won, played=row.played),
        )
        for row in rows[:8]
    ]
    chart = ""
    if bars:
        chart = bar_chart(
            chart_id=f"stats-chart-{slug}",
            title=t("stats_chart_wins", kind=kind_name(t, kind)),
            bars=bars,
        )
    return (
        f'<section class="card stats-card" id="stats-{slug}" aria-labelledby="stats-{slug}-title">'
        f'<h2 id="stats-{slug}-title">{escape(kind_name(t, kind))}</h2>'
        f'<p class="stats-summary">{escape(summary)}</p>'
        f'<div class="stats-columns"><div class="ig-scroll"><table class="stats-table">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{chart}</div>"
        f"<h3>{escape(t('stats_by_opponent'))}</h3>"
        f'<div class="ig-scroll"><table class="stats-table">'
        f"<thead><tr>{against_head}</tr></thead><tbody>{against}</tbody></table></div>"
        "</section>"
    )


def files_card(t: Translate, *, any_record: bool, confirming: bool) -> str:
    if confirming:
        return (
            '<section class="card notice stats-files" id="stats-files" role="alertdialog" '
            'aria-labelledby="stats-reset-question">'
            f'<p id="stats-reset-question">{escape(t("stats_reset_question"))}</p>'
            '<div class="button-row">'
            + button(t("stats_reset_yes"), "stats-reset-yes", icon="clear", kind="button-danger")
            + button(t("stats_reset_no"), "stats-reset-no", icon="back", primary=True)
            + "</div></section>"
        )
    buttons = (
        f'<input class="saves-file" id="stats-import" type="file" {INTENT}="stats-import"'
        f' data-max-bytes="{stats.MAX_FILE_BYTES}" accept=".json,application/json">'
        '<label class="button saves-import" for="stats-import">'
        f"{icon('saves')}<span>{escape(t('stats_import'))}</span></label>"
    )
    if any_record:
        buttons = (
            button(t("stats_export"), "stats-export", icon="save")
            + buttons
            + button(t("stats_reset"), "stats-reset", icon="clear")
        )
    return (
        '<section class="card stats-files" id="stats-files" aria-labelledby="stats-files-title">'
        f'<h2 id="stats-files-title">{escape(t("stats_files_heading"))}</h2>'
        f'<div class="button-row saves-files">{buttons}</div>'
        f'<p class="hint">{escape(t("stats_files_hint"))}</p></section>'
    )


def screen(
    t: Translate, records: list[stats.Record], notice: Notice | None, *, confirming: bool
) -> Page:
    result = Page("stats")
    message = ""
    if notice is not None:
        role = "alert" if notice.alert else "status"
        css = "ig-error" if notice.alert else "stats-message"
        message = (
            f'<p id="stats-message" class="{css}" role="{role}" tabindex="-1">'
            f"{escape(notice.text)}</p>"
        )
    kinds = [kind for kind in stats.KINDS if stats.of_kind(records, kind)]
    cards = "".join(kind_card(t, records, kind) for kind in kinds)
    if not cards:
        cards = f'<p class="card hint" id="stats-empty">{escape(t("stats_empty"))}</p>'
    body = (
        result.section("stats-notice", f'<div id="stats-notice">{message}</div>')
        + f'<p class="hint">{escape(t("stats_intro"))}</p>'
        + result.section("stats-cards", f'<div class="stats-cards" id="stats-cards">{cards}</div>')
        + result.section(
            "stats-files", files_card(t, any_record=bool(records), confirming=confirming)
        )
    )
    result.root(page(t, t("stats_heading"), body))
    return result


class StatsScreen(QuietScreen):
    def __init__(self, context: Context) -> None:
        self.context = context
        self.confirming = False

    def enter(self, route: Route) -> str | None:
        self.confirming = False
        return None

    def leave(self) -> None:
        self.confirming = False

    def render(self, notice: Notice | None) -> Page:
        return screen(self.context.t, stats.load(self.storage), notice, confirming=self.confirming)

    def say(self, text: str, *, alert: bool = False) -> Outcome:
        return Outcome(notice=Notice(text, alert=alert), focus="stats-message")

    def dispatch(self, intent: Intent) -> Outcome | None:
        t = self.context.t
        name = intent.name
        if name == "storage":
            return Outcome(keep_notice=True)  # another window finished a game
        if name == "stats-reset":
            self.confirming = True
            return Outcome(focus="stats-reset-no")
        if name == "stats-reset-no":
            self.confirming = False
            return Outcome(focus="stats-files-title")
        if name == "stats-reset-yes":
            self.confirming = False
            try:
                stats.reset(self.storage)
            except stats.StatsProblem as problem:
                return self.say(t(f"stats_error_{problem.code}"), alert=True)
            return self.say(t("stats_reset_done"))
        if name == "stats-export":
            file = f"tablero-statistics-{now_iso()[:10]}.json"
            text = stats.export_text(stats.load(self.storage))
            return Outcome(
                notice=Notice(t("stats_exported", file=file)),
                focus="stats-message",
                download=(file, text),
            )
        if name == "stats-import":
            return self.imported(intent)
        return None

    def imported(self, intent: Intent) -> Outcome:
        t = self.context.t
        if intent.value == "reading":
            return Outcome(notice=Notice(t("saves_reading_files")))
        if not intent.data:
            return self.say(t("error_body"), alert=True)
        added = 0
        for file, text, size in intent.data:
            try:
                if size > stats.MAX_FILE_BYTES:
                    raise stats.StatsProblem("too_large")
                added += stats.import_text(self.storage, text)
            except stats.StatsProblem as problem:
                reason = t(f"stats_error_{problem.code}")
                return self.say(t("stats_import_failed", file=file, reason=reason), alert=True)
        return self.say(t("stats_imported", count=added))
