//! The draw function: one frame from the session, its view and the scene of the seat on
//! screen, as one widget ([`ClientView`]) made of the panels' and boxes' widgets.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, StatefulWidget, Widget};

use super::app::{App, Focus, Overlay, Screen};
use super::board::BoardView;
use super::client::Client;
use super::combat_box::{AtHandoff, OnScreen};
use super::layout::{Regions, needed};
use super::panels::{Combat, Detail, Log, Players, Prompt, Status};
use super::scene::Scene;
use super::session::Session;
use super::theme::Theme;
use super::{detail, endgame, screens};

/// Draws one frame: the client's view over the whole frame.
pub fn draw(frame: &mut Frame<'_>, client: &Client, scene: &Scene<'_>) {
    let view = ClientView {
        session: &client.session,
        app: &client.view,
        scene,
    };
    frame.render_widget(view, frame.area());
}

/// The client's screen and the box over it, drawn from the session (its log, what each seat
/// has seen, the combat boxes waiting, the summary), the view state and the scene of the seat
/// on screen. Rendering keeps the scroll of a scrolling box as drawn (clamped) in
/// [`App::overlay_scroll`].
#[derive(Debug, Clone, Copy)]
pub struct ClientView<'a> {
    /// The game's runtime at the table, read only.
    pub session: &'a Session,
    /// The view state.
    pub app: &'a App,
    /// What the seat on screen sees.
    pub scene: &'a Scene<'a>,
}

impl Widget for ClientView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let ClientView {
            session,
            app,
            scene,
        } = self;
        render_client(area, buf, session, app, scene);
    }
}

/// Draws [`ClientView`].
fn render_client(area: Rect, buf: &mut Buffer, session: &Session, app: &App, scene: &Scene<'_>) {
    let theme = app.theme;
    Widget::render(Clear, area, buf);
    let win = scene.window;
    let (min_w, min_h) = needed(win, scene.view.players.len());
    if area.width < min_w || area.height < min_h {
        let need = (min_w, min_h);
        Widget::render(screens::TooSmall { need, theme }, area, buf);
    } else {
        screen(area, buf, session, app, scene);
        Widget::render(super::guide::Aids { app, scene }, area, buf);
    }
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help
        | Overlay::Cards
        | Overlay::Sheet(_)
        | Overlay::Log
        | Overlay::HowTo
        | Overlay::Rule
        | Overlay::Digest
        | Overlay::Hint(_) => {
            if let Some((title, lines)) = detail::overlay_content(session, app, scene) {
                let popup = detail::Popup {
                    title: &title,
                    lines: &lines,
                    theme,
                };
                let mut scroll = app.overlay_scroll.get();
                StatefulWidget::render(popup, area, buf, &mut scroll);
                app.overlay_scroll.set(scroll);
            }
        }
        Overlay::ConfirmQuit => {
            let unsaved = session.unsaved.as_deref();
            let hosted = !matches!(app.seating, super::Seating::HotSeat);
            Widget::render(
                screens::ConfirmQuit {
                    unsaved,
                    hosted,
                    theme,
                },
                area,
                buf,
            );
        }
        Overlay::Confirm(asked) => {
            let question = &asked.question;
            Widget::render(screens::ConfirmAction { question, theme }, area, buf);
        }
        Overlay::NotSaved(box_) => {
            let (why, offer) = (&box_.why, &box_.offer);
            Widget::render(screens::NotSaved { why, offer, theme }, area, buf);
        }
        Overlay::SaveAs(box_) => {
            let typed = &box_.input;
            Widget::render(screens::SaveAs { typed, theme }, area, buf);
        }
        Overlay::ReplaceSave(replacing) => {
            let lines = &replacing.lines();
            Widget::render(screens::ReplaceSave { lines, theme }, area, buf);
        }
    }
}

/// The screen under the boxes.
fn screen(area: Rect, buf: &mut Buffer, session: &Session, app: &App, scene: &Scene<'_>) {
    let theme = app.theme;
    match app.screen {
        Screen::Handoff(seat) => {
            // The public board (the scene of no seat) so the table can look while the
            // keyboard passes; no cursor, no selection, no area panel: nothing of the last seat.
            let r = Regions::compute(area, scene.window, scene.view.players.len(), 0);
            let board = BoardView {
                regions: &r,
                scene,
                theme,
                cursor: None,
                chosen: None,
            };
            Widget::render(board, r.board, buf);
            Widget::render(players(scene, theme, r.player_lines), r.players, buf);
            Widget::render(
                Log {
                    lines: &session.log,
                    back: app.log_back,
                    theme,
                    bordered: !r.compact,
                },
                r.log,
                buf,
            );
            Widget::render(Status::of(session, app), r.status, buf);
            let side = r.prompt.union(r.detail);
            let since: Vec<String> = session
                .since_turn(seat)
                .iter()
                .map(|l| l.text.clone())
                .collect();
            let text = screens::HandoffText {
                ready: app.handoff_ready(),
                since: &since,
                takeback: app.takeback_text(session),
            };
            let handoff = screens::Handoff {
                side,
                seat,
                scene,
                text,
                theme,
            };
            Widget::render(handoff, area, buf);
            // The combat that just ended (or its cards turned) and the digest of a phase that
            // began since this seat's turn, over the board, for the whole table.
            let digest = session.digest_for(seat);
            let boxes = AtHandoff {
                moment: session.moments.handoff.as_ref(),
                digest: digest.as_ref(),
                scene,
                theme,
            };
            Widget::render(boxes, r.board, buf);
        }
        Screen::Play | Screen::GameOver | Screen::Bot(_) | Screen::Watch(_) => {
            let r = scene.regions(area);
            let visible = app.visible(&scene.choices);
            let selected = if app.focus == Focus::Actions || app.filter {
                visible.get(app.selected).copied()
            } else {
                None
            };
            // The board and the area panel follow the selected choice to its place.
            let cursor = app.shown_cursor(scene);
            let board = BoardView {
                regions: &r,
                scene,
                theme,
                cursor: Some(cursor),
                chosen: selected,
            };
            Widget::render(board, r.board, buf);
            Widget::render(players(scene, theme, r.player_lines), r.players, buf);
            Widget::render(Prompt { app, scene }, r.prompt, buf);
            let chosen = if app.focus == Focus::Actions || scene.view.combat.is_some() {
                visible.get(app.selected).copied()
            } else {
                None
            };
            let detail = Detail {
                app,
                at: cursor,
                scene,
                chosen,
            };
            if scene.view.combat.is_some() {
                let combat = Combat {
                    scene,
                    selected: chosen,
                    theme,
                };
                Widget::render(combat, r.combat, buf);
                if r.compact {
                    Widget::render(detail, r.detail, buf);
                } else {
                    let log = Log {
                        lines: &session.log,
                        back: app.log_back,
                        theme,
                        bordered: true,
                    };
                    Widget::render(log, r.log_beside_combat(), buf);
                }
            } else {
                Widget::render(detail, r.detail, buf);
                let log = Log {
                    lines: &session.log,
                    back: app.log_back,
                    theme,
                    bordered: !r.compact,
                };
                Widget::render(log, r.log, buf);
            }
            Widget::render(Status::of(session, app), r.status, buf);
            if let Screen::Bot(seat) = app.screen {
                let turn = screens::BotTurn {
                    seat,
                    kind: session
                        .bots
                        .kind(seat)
                        .map_or("computer", crate::bot::BotKind::name),
                    thinking: app.overthinking(session),
                    takeback: app.takeback_text(session),
                    theme,
                    scene,
                };
                Widget::render(turn, r.prompt, buf);
            }
            if let Screen::Watch(seat) = app.screen {
                // Who decides and what, as this seat's view gives it (a card only face up).
                let words = scene.decision_words();
                let turn = screens::WatchTurn {
                    seat,
                    decision: words.as_deref(),
                    takeback: app.takeback_text(session),
                    away: session.away.contains(&seat),
                    theme,
                    scene,
                };
                Widget::render(turn, r.prompt, buf);
            }
            if let Some(m) = session.moments.on_screen.front()
                && app.screen != Screen::GameOver
            {
                let moment = m;
                Widget::render(
                    OnScreen {
                        moment,
                        scene,
                        theme,
                    },
                    area,
                    buf,
                );
            }
            if app.screen == Screen::GameOver {
                match &session.summary {
                    Some(summary) if app.summary_open => {
                        Widget::render(endgame::EndScreen { summary, theme }, area, buf);
                    }
                    Some(_) => {}
                    // A game that could not be summed up still names its winners.
                    None => Widget::render(screens::GameOver { scene, theme }, r.board, buf),
                }
            }
        }
    }
}

/// The players panel of `scene`, `per` lines a player.
fn players<'a>(scene: &'a Scene<'a>, theme: Theme, per: u16) -> Players<'a> {
    Players { scene, theme, per }
}
