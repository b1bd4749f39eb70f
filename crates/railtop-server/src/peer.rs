//! Who is asking: a connection's peer as the requests on it carry it ([`Peer`]), and whom a
//! request counts as behind a trusted proxy ([`client_ip`]): what the rate limit, the stats'
//! queue and the log key on.

use std::net::{IpAddr, SocketAddr};

/// The client's address, as the router's layer and the handlers see it (`ConnectInfo<Peer>`): put on
/// each request by its connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Peer(pub SocketAddr);

/// Whom a request counts as ([`client_ip`]), put on every request by the router's layer for the
/// pages beside the API (the browser's board counts its streams per client).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

/// The header a trusted proxy names the client in.
pub(crate) const FORWARDED_FOR: &str = "x-forwarded-for";

/// Who a request counts as: the connection's peer, or behind a trusted proxy the client it
/// names in the last `X-Forwarded-For` entry (the one the proxy wrote; earlier ones are the
/// client's own). A last entry that is not an address is the proxy's mistake: the request then
/// counts as the proxy's, never as an earlier entry's.
pub(crate) fn client_ip<'a>(
    forwarded_for: impl DoubleEndedIterator<Item = &'a [u8]>,
    peer: Option<SocketAddr>,
    trust_forwarded_for: bool,
) -> IpAddr {
    let peer = peer.map_or(IpAddr::from([0, 0, 0, 0]), |p| p.ip());
    if !trust_forwarded_for {
        return peer;
    }
    let last = forwarded_for
        .flat_map(|v| v.split(|b| *b == b','))
        .next_back();
    match last {
        Some(entry) => std::str::from_utf8(entry)
            .ok()
            .and_then(forwarded_address)
            .unwrap_or(peer),
        None => peer,
    }
}

/// An `X-Forwarded-For` entry as proxies write it: `ip`, `ip:port`, `[v6]` or `[v6]:port`.
fn forwarded_address(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| {
            let inner = entry.strip_prefix('[')?.strip_suffix(']')?;
            inner.parse::<std::net::Ipv6Addr>().ok().map(IpAddr::V6)
        })
}
