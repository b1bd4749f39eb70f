//! What a full-screen loop waits on, merged into one stream of [`Event`]s: terminal events,
//! answers from the pollers, a one-second clock, and the stop signals.

use super::terminal::stop_signal;
use super::{Event, ScreenError};
use crossterm::event::{Event as TermEvent, EventStream, MouseButton, MouseEventKind};
use futures_util::StreamExt;
use railtop_core::clock::Clock;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;
use tokio::sync::mpsc;

pub struct Inputs<M> {
    events: EventStream,
    answers: mpsc::Receiver<Event<M>>,
    tick: tokio::time::Interval,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
    clock: Clock,
    mouse: bool,
}

impl<M> Inputs<M> {
    /// `mouse`: whether clicks are passed on (only programs that capture the mouse get any).
    pub fn new(answers: mpsc::Receiver<Event<M>>, clock: Clock, mouse: bool) -> Inputs<M> {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        Inputs {
            events: EventStream::new(),
            answers,
            tick,
            stop: Box::pin(stop_signal()),
            clock,
            mouse,
        }
    }

    /// The next thing to handle; `None` when the program should end (a stop signal, or the
    /// terminal went away). Mouse motion and other events that change nothing are skipped.
    pub async fn next(&mut self) -> Result<Option<Event<M>>, ScreenError> {
        loop {
            return Ok(Some(tokio::select! {
                event = self.events.next() => match event {
                    Some(Ok(TermEvent::Key(key))) => Event::Key(key),
                    Some(Ok(TermEvent::Mouse(m)))
                        if self.mouse
                            && matches!(
                                m.kind,
                                MouseEventKind::Down(MouseButton::Left)
                                    | MouseEventKind::ScrollUp
                                    | MouseEventKind::ScrollDown
                            ) =>
                    {
                        Event::Mouse(m)
                    }
                    Some(Ok(TermEvent::Resize(w, h))) => Event::Resize(w, h),
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => return Err(ScreenError::Read(e)),
                    None => return Ok(None),
                },
                Some(answer) = self.answers.recv() => answer,
                _ = self.tick.tick() => Event::Tick(self.clock.now()),
                _ = &mut self.stop => return Ok(None),
            }));
        }
    }
}
