//! A small request of the settle shape for this crate's tests: the
//! machinery is tested on the kinds of field a real request has (strings,
//! narrow and wide whole numbers, optional fields, lists of objects that
//! refuse unknown keys) without knowing the contract's types.

use serde::Deserialize;

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SettleRequest {
    pub(crate) variant: String,
    pub(crate) players: Vec<Player>,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Player {
    pub(crate) id: String,
    #[serde(default)]
    pub(crate) name: Option<String>,
    pub(crate) seat: u32,
    pub(crate) stack: u64,
    pub(crate) committed: u64,
    #[serde(default)]
    pub(crate) cards: Vec<String>,
}
