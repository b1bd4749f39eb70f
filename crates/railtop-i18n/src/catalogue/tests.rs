//! Every catalogue complete and well formed against English, the reference.

use super::*;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

/// Each message's id and the variables it uses (in its value and its variants).
fn messages(lang: Lang, text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = match fluent_syntax::parser::parse(text) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{lang}.ftl does not parse: {errors:?}"),
    };
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    pattern_vars(value, &mut vars);
                }
                assert!(
                    m.attributes.is_empty(),
                    "{lang}.ftl: {} has attributes",
                    m.id.name
                );
                let id = m.id.name.to_string();
                assert!(
                    out.insert(id.clone(), vars).is_none(),
                    "{lang}.ftl holds {id} twice"
                );
            }
            Entry::Term(_)
            | Entry::Comment(_)
            | Entry::GroupComment(_)
            | Entry::ResourceComment(_) => {}
            Entry::Junk { content } => panic!("{lang}.ftl cannot read: {content}"),
        }
    }
    out
}

fn pattern_vars(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, out);
        }
    }
}

fn expression_vars(expression: &Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_vars(inline, out),
        Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for variant in variants {
                pattern_vars(&variant.value, out);
            }
        }
    }
}

fn inline_vars(inline: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, out),
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_vars(argument, out);
            }
        }
        _ => {}
    }
}

#[test]
fn every_catalogue_has_every_message_english_has_and_no_other() {
    let english = messages(Lang::En, SOURCES[0].1);
    assert!(english.len() > 50, "English has {} messages", english.len());
    let mut faults = Vec::new();
    for (lang, text) in SOURCES.iter().skip(1) {
        let theirs = messages(*lang, text);
        for (id, vars) in &english {
            match theirs.get(id) {
                None => faults.push(format!("{lang}.ftl lacks {id}")),
                Some(their_vars) => {
                    if let Some(extra) = their_vars.difference(vars).next() {
                        faults.push(format!(
                            "{lang}.ftl: {id} uses ${extra}, which English never passes"
                        ));
                    }
                    // A fixed word stays fixed: `t()` would show a variable's name.
                    if vars.is_empty() != their_vars.is_empty() {
                        faults.push(format!("{lang}.ftl: {id} takes arguments where English does not, or the reverse"));
                    }
                }
            }
        }
        for id in theirs.keys().filter(|id| !english.contains_key(*id)) {
            faults.push(format!("{lang}.ftl has {id}, which English does not"));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_message_formats_without_error_for_every_count() {
    let english = messages(Lang::En, SOURCES[0].1);
    for lang in Lang::ALL {
        let Some(catalogue) = catalogue(lang) else {
            panic!("{lang} has no catalogue");
        };
        for (id, vars) in &english {
            let Some(pattern) = catalogue.bundle.get_message(id).and_then(|m| m.value()) else {
                panic!("{lang}: {id} has no value");
            };
            for n in [0_i64, 1, 2, 5, 21, 100] {
                let mut args = FluentArgs::new();
                for var in vars {
                    args.set(var.clone(), n);
                }
                let mut errors = Vec::new();
                let text = catalogue
                    .bundle
                    .format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{lang}: {id} with {n}: {errors:?}");
                assert!(
                    !text.trim().is_empty() || id.ends_with("-none"),
                    "{lang}: {id} is empty"
                );
                assert!(
                    !text
                        .chars()
                        .any(|c| c.is_control() || ('\u{2066}'..='\u{2069}').contains(&c)),
                    "{lang}: {id} holds a control or isolation character: {text:?}"
                );
            }
        }
    }
}

#[test]
fn every_date_pattern_is_one_chrono_writes() {
    let english = messages(Lang::En, SOURCES[0].1);
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-28T07:42:00+02:00").unwrap_or_default();
    for lang in Lang::ALL {
        for id in english.keys().filter(|id| id.starts_with("date-")) {
            let Some(pattern) = catalogue(lang).and_then(|c| c.fixed.get(id)) else {
                panic!("{lang}: {id} is not a fixed pattern");
            };
            let items =
                chrono::format::StrftimeItems::new_with_locale(pattern, lang.chrono_locale());
            assert!(
                !items.into_iter().any(|i| i == chrono::format::Item::Error),
                "{lang}: {id} = {pattern:?} is not a strftime pattern"
            );
            assert!(!lang.date(&at, "date-long").is_empty());
        }
    }
}

#[test]
fn words_are_said_in_the_language_asked_and_english_stands_in() {
    assert_eq!(Lang::En.t("col-time"), "TIME");
    assert_eq!(crate::tr!(Lang::En, "countdown-in", n = 12), "in 12 min");
    assert_eq!(crate::tr!(Lang::En, "status-early", n = 2), "2 min early");
    // An id no catalogue has (a typing mistake the source scan catches) shows as itself.
    assert_eq!(Lang::De.t("no-such-message"), "no-such-message");
    assert_eq!(
        Lang::De.t_args("no-such-message", &Args::new()),
        "no-such-message"
    );
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-28T07:42:00+02:00").unwrap_or_default();
    assert_eq!(Lang::En.date(&at, "date-long"), "Saturday 28 November 2026");
}
