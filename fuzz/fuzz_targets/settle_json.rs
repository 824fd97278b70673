//! Request bytes -> response: the body as the HTTP route reads it (serde,
//! unknown fields rejected), then the whole settle pipeline. Any panic is a
//! crash (the service would answer 500 there); a settled hand must keep the
//! chips. Seeds: tests/load/corpus (see `make fuzz`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use showdown_contract::settle::SettleRequest;

fuzz_target!(|data: &[u8]| {
    let Ok(req) = serde_json::from_slice::<SettleRequest>(data) else {
        return;
    };
    if let Ok(event) = showdown_contract::settle_request(&req) {
        showdown_fuzz::check_settlement(&req, &event);
    }
});
