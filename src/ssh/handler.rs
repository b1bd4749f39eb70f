//! One SSH connection as russh sees it: authentication, the one session channel it may open, its
//! pty and window size, and the shell that starts a viewer. Everything else a client can ask for
//! (commands, subsystems such as sftp, environment, X11, agent and port forwarding, a second
//! channel) is refused, with a line on the client's stderr where the protocol has room for one.

use super::keys::is_allowed;
use super::viewer::{self, Input, Output};
use super::Shared;
use railtop_server::stream::Cut;
use russh::keys::PublicKey;
use russh::server::{
    Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Session, VerifiedPublicKey,
};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, MethodKind, MethodSet};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// Columns × rows when a client sends 0×0.
pub(crate) const FALLBACK_SIZE: (u16, u16) = (80, 24);

/// The size to use for what a client asked: 0×0 (or a zero side) falls back to 80×24, and sizes
/// are capped so one viewer cannot make the server render a huge screen.
pub fn terminal_size(cols: u32, rows: u32, max: (u16, u16)) -> (u16, u16) {
    if cols == 0 || rows == 0 {
        return FALLBACK_SIZE;
    }
    let clamp = |v: u32, cap: u16| u16::try_from(v).unwrap_or(u16::MAX).min(cap);
    (clamp(cols, max.0), clamp(rows, max.1))
}

pub(crate) struct Connection {
    shared: Arc<Shared>,
    peer: SocketAddr,
    /// The one session channel, and its writing half until a viewer takes it.
    channel: Option<ChannelId>,
    writer: Option<ChannelWriteHalf<Msg>>,
    size: Option<(u16, u16)>,
    viewer: Option<mpsc::Sender<Input>>,
    /// Fired when a viewer starts: the connection's handshake deadline is met.
    started: Option<oneshot::Sender<()>>,
    cut: Cut,
    /// The viewer's place, held while the board runs.
    place: Option<tokio::sync::OwnedSemaphorePermit>,
    /// Why this connection is turned away: it is let through the handshake only to be told so
    /// in words (a banner, then its first request refused with the sentence), never to watch.
    refusal: Option<String>,
    /// Rung each time the client grants more of its window: it has taken some of the board.
    drained: tokio::sync::watch::Sender<()>,
    /// The login name, which may choose the station (`ssh TPE@host`).
    user: String,
}

impl Connection {
    pub fn new(
        shared: Arc<Shared>,
        peer: SocketAddr,
        started: oneshot::Sender<()>,
        cut: Cut,
    ) -> Self {
        Connection {
            shared,
            peer,
            channel: None,
            writer: None,
            size: None,
            viewer: None,
            started: Some(started),
            cut,
            place: None,
            refusal: None,
            drained: tokio::sync::watch::Sender::new(()),
            user: String::new(),
        }
    }

    /// A connection the limits turn away, told why in words an ordinary `ssh` prints.
    pub(crate) fn refusing(
        shared: Arc<Shared>,
        peer: SocketAddr,
        started: oneshot::Sender<()>,
        cut: Cut,
        why: String,
    ) -> Self {
        let mut connection = Connection::new(shared, peer, started, cut);
        connection.refusal = Some(why);
        connection
    }

    fn admits(&self, key: &PublicKey) -> Auth {
        match &self.shared.authorized {
            Some(keys) if is_allowed(keys, key) => Auth::Accept,
            _ => {
                railtop_core::metrics::ssh_refused("key");
                Auth::reject()
            }
        }
    }

    fn is_ours(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// Refuses a command, a subsystem or a session without a terminal: the request is
    /// acknowledged so that the client shows our line on its stderr (OpenSSH drops it after a
    /// bare failure), then exit status 1 and the channel closes. Nothing runs.
    fn refuse(
        &self,
        channel: ChannelId,
        why: &str,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        tracing::info!(peer = %self.peer, why, "refused");
        session.channel_success(channel)?;
        session.extended_data(channel, 1, format!("railtop: {why}\r\n").into_bytes())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)?;
        if self.refusal.is_some() {
            // Told: the connection ends now and frees its telling place; OpenSSH prints the
            // reason of the disconnect as well.
            session.disconnect(
                russh::Disconnect::TooManyConnections,
                &format!("railtop: {why}"),
                "en",
            )?;
        }
        Ok(())
    }

    fn tell(&self, input: Input) {
        if let Some(viewer) = &self.viewer {
            // A viewer too busy to take more keys loses them rather than stalling the connection.
            let _ = viewer.try_send(input);
        }
    }
}

/// Refuses a channel of a kind this server never opens (X11, forwarding, sockets).
async fn prohibited(reply: ChannelOpenHandle) -> Result<(), russh::Error> {
    reply
        .reject(ChannelOpenFailure::AdministrativelyProhibited)
        .await;
    Ok(())
}

impl Handler for Connection {
    type Error = russh::Error;

    /// A refused connection's reason, shown by OpenSSH before anything else (and again on its
    /// first request, for clients that do not show banners).
    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(self
            .refusal
            .as_ref()
            .map(|why| format!("railtop: {why}\r\n")))
    }

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        self.user = railtop_core::text::fit(&railtop_core::text::cleaned(user), 64);
        if self.refusal.is_some() {
            return Ok(Auth::Accept); // only to be told why, below
        }
        Ok(match self.shared.authorized {
            None => Auth::Accept,
            Some(_) => Auth::Reject {
                proceed_with_methods: Some(MethodSet::from(&[MethodKind::PublicKey][..])),
                partial_success: false,
            },
        })
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(self.admits(offer.public_key))
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        self.user = railtop_core::text::fit(&railtop_core::text::cleaned(user), 64);
        let verdict = self.admits(key.public_key);
        tracing::info!(peer = %self.peer, accepted = matches!(verdict, Auth::Accept), "public key login");
        Ok(verdict)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            tracing::info!(peer = %self.peer, "refused a second channel");
            reply
                .reject(ChannelOpenFailure::Other {
                    code: 1, // administratively prohibited
                    reason: "one board per connection".into(),
                })
                .await;
            return Ok(());
        }
        // Requests reach us through this handler; the channel's own copy of them is not read.
        let (_, writer) = channel.split();
        self.channel = Some(writer.id());
        self.writer = Some(writer);
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _address: &str,
        _port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        prohibited(reply).await
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        host: &str,
        port: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::info!(peer = %self.peer, host, port, "refused port forwarding");
        prohibited(reply).await
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        _socket_path: &str,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        prohibited(reply).await
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.is_ours(channel) || self.viewer.is_some() {
            return session.channel_failure(channel);
        }
        self.size = Some(terminal_size(cols, rows, self.shared.limits.max_size));
        session.channel_success(channel)
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.is_ours(channel) {
            let (width, height) = terminal_size(cols, rows, self.shared.limits.max_size);
            match self.viewer {
                Some(_) => self.tell(Input::Resize(width, height)),
                None => self.size = Some((width, height)),
            }
        }
        Ok(())
    }

    async fn window_adjusted(
        &mut self,
        channel: ChannelId,
        _new_size: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.is_ours(channel) {
            self.drained.send_replace(());
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(why) = self.refusal.clone() {
            return self.refuse(channel, &why, session);
        }
        let Some(writer) = self.writer.take().filter(|_| self.is_ours(channel)) else {
            return session.channel_failure(channel);
        };
        if let Some(started) = self.started.take() {
            let _ = started.send(());
        }
        let Some(size) = self.size else {
            // `ssh -T`, or a script: the board needs a screen to draw on.
            return self.refuse(channel, "this board needs a terminal: use ssh -t", session);
        };
        let Ok(place) = self.shared.viewers.clone().try_acquire_owned() else {
            let why = format!(
                "the board has its {} viewers already; try again later",
                self.shared.limits.max_sessions
            );
            return self.refuse(channel, &why, session);
        };
        self.place = Some(place);
        session.channel_success(channel)?;
        let asked = super::user::asked(&self.user);
        let start = super::user::chosen(asked.name, &self.shared.stations);
        let output = Output {
            writer: Arc::new(writer),
            cut: self.cut.clone(),
            drained: self.drained.subscribe(),
        };
        self.viewer = Some(viewer::start(
            self.shared.clone(),
            output,
            size,
            start,
            viewer::Wants {
                speak: asked.speak,
                lang: asked.lang,
            },
            self.peer,
        ));
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(why) = self.refusal.clone() {
            return self.refuse(channel, &why, session);
        }
        self.refuse(
            channel,
            "this server shows a departure board and runs no commands: connect with ssh -t and no command",
            session,
        )
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let why = format!("no {name:?} here: this server only shows a departure board");
        self.refuse(channel, &why, session)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        _value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Clients send LANG and friends unasked: refused quietly.
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.extended_data(
            channel,
            1,
            b"railtop: X11 forwarding is refused\r\n".to_vec(),
        )?;
        session.channel_failure(channel)
    }

    async fn agent_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<bool, Self::Error> {
        session.extended_data(
            channel,
            1,
            b"railtop: agent forwarding is refused\r\n".to_vec(),
        )?;
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        address: &str,
        port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        tracing::info!(peer = %self.peer, address, port = *port, "refused remote forwarding");
        Ok(false)
    }

    async fn streamlocal_forward(
        &mut self,
        _socket_path: &str,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.tell(Input::Bytes(data.to_vec()));
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.tell(Input::Gone);
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.tell(Input::Gone);
        Ok(())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.tell(Input::Gone);
    }
}

#[cfg(test)]
mod tests;
