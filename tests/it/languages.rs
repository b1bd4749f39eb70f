//! The screens' words and the catalogues agree: every message id the code asks for is in the
//! English catalogue (a typing mistake would show the id on screen), and the language is chosen
//! as the user guide says (`--lang` over `RAILTOP_LANG`'s config over the locale).

use std::path::Path;

/// The ids asked for in `dir`'s Rust files: `lang.t("id")`, `tr!(lang, "id", …)`, and
/// `lang.t(if … { "id" } else { "id" })`.
fn ids_asked(dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            ids_asked(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for opener in [".t(\"", "tr!(lang, \"", ".t(if "] {
            for (at, _) in flat.match_indices(opener) {
                let rest = &flat[at + opener.len()..];
                let ids: Vec<&str> = if opener == ".t(if " {
                    // Both arms' literals, up to the closing parenthesis.
                    let end = rest.find("})").unwrap_or(rest.len());
                    rest[..end].split('"').skip(1).step_by(2).collect()
                } else {
                    rest.split('"').take(1).collect()
                };
                for id in ids {
                    out.push((id.to_string(), path.display().to_string()));
                }
            }
        }
    }
}

#[test]
fn every_message_the_code_asks_for_is_in_english() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut asked = Vec::new();
    for dir in ["src", "crates/railtop-core/src"] {
        ids_asked(&root.join(dir), &mut asked);
    }
    assert!(
        asked.len() > 150,
        "the scan found {} ids: it is reading the code",
        asked.len()
    );
    let missing: Vec<String> = asked
        .iter()
        .filter(|(id, _)| !railtop_i18n::Lang::En.has(id))
        .map(|(id, file)| format!("{id} (asked in {file})"))
        .collect();
    assert!(missing.is_empty(), "not in locales/en: {missing:#?}");
}

/// `--lang` over the locale; an unknown language refused with the list; `LANG` alone chooses.
#[test]
fn the_language_comes_from_the_flag_or_the_locale() {
    let config = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = crate::support::railtop_binary();
        cmd.args(["--config", "/dev/null"])
            .args(args)
            .arg("--print-config");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    };
    let said = |out: &std::process::Output| String::from_utf8_lossy(&out.stdout).into_owned();
    let out = config(&[], &[("LANG", "fi_FI.UTF-8")]);
    assert!(said(&out).contains("lang = \"fi\""), "{}", said(&out));
    let out = config(&["--lang", "de,en"], &[("LANG", "fi_FI.UTF-8")]);
    assert!(said(&out).contains("lang = \"de,en\""), "{}", said(&out));
    let out = config(&[], &[("LC_ALL", "C"), ("LANG", "fi_FI.UTF-8")]);
    assert!(said(&out).contains("lang = \"en\""), "{}", said(&out));
    let out = config(&["--lang", "klingon"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not a language railtop speaks: one of en, de, fr, nl, it, es, fi, sv, nb"),
        "{err}"
    );
}
