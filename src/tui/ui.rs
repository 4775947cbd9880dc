//! The draw function: one frame from the client's state and the scene of the seat on screen.

use ratatui::Frame;
use ratatui::widgets::Clear;

use super::app::{App, Focus, Overlay, Screen};
use super::board::BoardView;
use super::combat_box::{AtHandoff, OnScreen};
use super::layout::{Regions, needed};
use super::panels::{Combat, Detail, Log, Players, Prompt, Status};
use super::scene::Scene;
use super::theme::Theme;
use super::{detail, endgame, screens};

/// Draws one frame.
pub fn draw(frame: &mut Frame<'_>, app: &App, scene: &Scene<'_>) {
    let theme = app.theme;
    let area = frame.area();
    frame.render_widget(Clear, area);
    let win = scene.window;
    let (min_w, min_h) = needed(win, scene.view.players.len());
    if area.width < min_w || area.height < min_h {
        let need = (min_w, min_h);
        frame.render_widget(screens::TooSmall { need, theme }, area);
    } else {
        screen(frame, app, scene);
        frame.render_widget(super::guide::Aids { app, scene }, area);
    }
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help
        | Overlay::Cards
        | Overlay::Sheet(_)
        | Overlay::Log
        | Overlay::HowTo
        | Overlay::Rule
        | Overlay::Digest => {
            if let Some((title, lines)) = detail::overlay_content(app, scene) {
                let popup = detail::Popup {
                    title: &title,
                    lines: &lines,
                    theme,
                };
                let mut scroll = app.overlay_scroll.get();
                frame.render_stateful_widget(popup, area, &mut scroll);
                app.overlay_scroll.set(scroll);
            }
        }
        Overlay::ConfirmQuit => {
            let unsaved = app.session.unsaved.as_deref();
            frame.render_widget(screens::ConfirmQuit { unsaved, theme }, area);
        }
        Overlay::Confirm(asked) => {
            let question = &asked.question;
            frame.render_widget(screens::ConfirmAction { question, theme }, area);
        }
        Overlay::NotSaved(box_) => {
            let (why, offer) = (&box_.why, &box_.offer);
            frame.render_widget(screens::NotSaved { why, offer, theme }, area);
        }
        Overlay::SaveAs(box_) => {
            let typed = &box_.input;
            frame.render_widget(screens::SaveAs { typed, theme }, area);
        }
        Overlay::ReplaceSave(replacing) => {
            let lines = &replacing.lines();
            frame.render_widget(screens::ReplaceSave { lines, theme }, area);
        }
    }
}

/// The screen under the boxes.
fn screen(frame: &mut Frame<'_>, app: &App, scene: &Scene<'_>) {
    let theme = app.theme;
    let area = frame.area();
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
            frame.render_widget(board, r.board);
            frame.render_widget(players(scene, theme, r.player_lines), r.players);
            frame.render_widget(
                Log {
                    app,
                    bordered: !r.compact,
                },
                r.log,
            );
            frame.render_widget(Status { app }, r.status);
            let side = r.prompt.union(r.detail);
            let since: Vec<String> = app
                .session
                .since_turn(seat)
                .iter()
                .map(|l| l.text.clone())
                .collect();
            let text = screens::HandoffText {
                ready: app.handoff_ready(),
                since: &since,
                takeback: app.takeback_text(),
            };
            let handoff = screens::Handoff {
                side,
                seat,
                scene,
                text,
                theme,
            };
            frame.render_widget(handoff, area);
            // The combat that just ended (or its cards turned) and the digest of a phase that
            // began since this seat's turn, over the board, for the whole table.
            let digest = app.session.digest_for(seat);
            let boxes = AtHandoff {
                moment: app.session.moments.handoff.as_ref(),
                digest: digest.as_ref(),
                scene,
                theme,
            };
            frame.render_widget(boxes, r.board);
        }
        Screen::Play | Screen::GameOver | Screen::Bot(_) => {
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
            frame.render_widget(board, r.board);
            frame.render_widget(players(scene, theme, r.player_lines), r.players);
            frame.render_widget(Prompt { app, scene }, r.prompt);
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
                frame.render_widget(combat, r.combat);
                if r.compact {
                    frame.render_widget(detail, r.detail);
                } else {
                    let log = Log {
                        app,
                        bordered: true,
                    };
                    frame.render_widget(log, r.log_beside_combat());
                }
            } else {
                frame.render_widget(detail, r.detail);
                let log = Log {
                    app,
                    bordered: !r.compact,
                };
                frame.render_widget(log, r.log);
            }
            frame.render_widget(Status { app }, r.status);
            if let Screen::Bot(seat) = app.screen {
                frame.render_widget(screens::BotTurn { seat, app, scene }, r.prompt);
            }
            if let Some(m) = app.session.moments.on_screen.front()
                && app.screen != Screen::GameOver
            {
                let moment = m;
                frame.render_widget(
                    OnScreen {
                        moment,
                        scene,
                        theme,
                    },
                    area,
                );
            }
            if app.screen == Screen::GameOver {
                match &app.session.summary {
                    Some(summary) if app.summary_open => {
                        frame.render_widget(endgame::EndScreen { summary, theme }, area);
                    }
                    Some(_) => {}
                    // A game that could not be summed up still names its winners.
                    None => frame.render_widget(screens::GameOver { scene, theme }, r.board),
                }
            }
        }
    }
}

/// The players panel of `scene`, `per` lines a player.
fn players<'a>(scene: &'a Scene<'a>, theme: Theme, per: u16) -> Players<'a> {
    Players { scene, theme, per }
}
