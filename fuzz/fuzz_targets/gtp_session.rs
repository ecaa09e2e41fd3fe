#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| triskel_fuzz::targets::run("gtp_session", data));
