use super::*;

const PULL: Command = Command {
    id: "test.pull",
    what: "pull free",
    scope: Scope::Game(GameId::Vectress),
    default: KeyCode::KeyF,
};
const TUNE: Command = Command {
    id: "test.view",
    what: "the view",
    scope: Scope::Game(GameId::Wavefield),
    default: KeyCode::KeyV,
};

fn keymap() -> Keymap {
    let mut map = Keymap::default();
    map.register(&[PULL, TUNE]);
    map
}

#[test]
fn the_defaults_share_no_key_where_they_meet() {
    let mut map = keymap();
    assert_eq!(map.take_changed(&BTreeMap::new()), None);
    for a in map.commands() {
        for b in map.commands() {
            if a.id != b.id && a.scope.meets(b.scope) {
                assert_ne!(a.default, b.default, "{} and {}", a.id, b.id);
            }
            assert!(
                stored_name(a.default).is_some(),
                "{} can be given back",
                a.id
            );
        }
    }
}

#[test]
fn a_key_given_round_trips_through_the_settings() {
    let mut map = keymap();
    map.give(ZEN, KeyCode::KeyK).unwrap();
    map.give(PULL, KeyCode::KeyV).unwrap(); // another game's key: they never meet
    assert_eq!(map.key(ZEN), KeyCode::KeyK);
    let kept = map.changed();
    assert_eq!(kept.get("zen").map(String::as_str), Some("KeyK"));
    let text = ron::to_string(&kept).unwrap();
    let mut again = keymap();
    let read: BTreeMap<String, String> = ron::from_str(&text).unwrap();
    assert_eq!(again.take_changed(&read), None);
    assert_eq!(again.key(ZEN), KeyCode::KeyK);
    assert_eq!(again.key(PULL), KeyCode::KeyV);
    assert_eq!(again.name(ZEN), "K");
    // Given back its default, it is no longer kept.
    again.give(ZEN, KeyCode::KeyZ).unwrap();
    assert!(!again.changed().contains_key("zen"));
}

#[test]
fn conflicts_and_the_navigation_keys_are_refused() {
    let mut map = keymap();
    let said = map.give(ZEN, KeyCode::KeyU).unwrap_err();
    assert!(said.contains("U is already undo"), "{said}");
    assert_eq!(map.key(ZEN), KeyCode::KeyZ);
    // A game's key meets the table's.
    assert!(map.give(PULL, KeyCode::KeyH).is_err());
    assert!(
        map.give(MUTE, KeyCode::KeyF).is_err(),
        "everywhere meets a game"
    );
    for key in [KeyCode::Tab, KeyCode::Escape, KeyCode::ArrowUp, KeyCode::F1] {
        assert!(map.give(ZEN, key).unwrap_err().contains("keyboard's own"));
    }
    // A swap goes through a free key.
    map.give(UNDO, KeyCode::KeyK).unwrap();
    map.give(ZEN, KeyCode::KeyU).unwrap();
    map.give(UNDO, KeyCode::KeyZ).unwrap();
    assert_eq!(
        (map.key(UNDO), map.key(ZEN)),
        (KeyCode::KeyZ, KeyCode::KeyU)
    );
    let mut again = keymap();
    assert_eq!(
        again.take_changed(&map.changed()),
        None,
        "a swap is taken back"
    );
}

#[test]
fn a_bad_settings_entry_is_named_and_left_at_its_default() {
    let mut map = keymap();
    let changed: BTreeMap<String, String> = [
        ("zen", "KeyU"),     // undo's key
        ("nothing", "KeyK"), // no such command
        ("hint", "Tab"),     // not a key to give
        ("threats", "KeyY"), // fine
    ]
    .into_iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    let said = map.take_changed(&changed).expect("a sentence");
    for part in ["zen", "nothing", "hint: no key Tab"] {
        assert!(said.contains(part), "{said}");
    }
    assert_eq!(map.key(ZEN), KeyCode::KeyZ);
    assert_eq!(map.key(HINT), KeyCode::KeyH);
    assert_eq!(map.key(THREATS), KeyCode::KeyY);
}
