use super::*;
use crate::cards::localized::Lang;
use crate::cards::model::{DamageModifier, Stage};
use crate::cards::tcgdex::literal::parse_module;
use crate::cards::tcgdex::set::TcgdexSerie;

fn set(id: &str, serie: &str) -> TcgdexSet {
    TcgdexSet {
        id: id.into(),
        name: "Set".into(),
        names: Default::default(),
        serie: TcgdexSerie {
            id: serie.into(),
            name: "Serie".into(),
        },
        tcg_online: None,
        official: None,
        release_date: Some("2026-03-27".into()),
        official_count: None,
    }
}

fn read(text: &str, set: &TcgdexSet, stem: &str) -> (Option<Card>, Vec<ImportWarning>) {
    let module = parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    let mut warnings = Vec::new();
    let card = card(&module.value, set, stem, &mut warnings).unwrap_or_else(|e| panic!("{e:?}"));
    (card, warnings)
}

fn wrap(body: &str) -> String {
    format!(
        "import {{ Card }} from \"../../../interfaces\"\nimport Set from \"../Perfect Order\"\n\
         const card: Card = {{\n\tset: Set,\n{body}\n}}\nexport default card\n"
    )
}

const STARMIE: &str = r#"
	dexId: [121],
	name: { en: "Mega Starmie ex", fr: "Méga-Staross-ex", de: "Mega-Starmie-ex", 'es-mx': "Mega-Starmie ex" },
	evolveFrom: { en: "Staryu", fr: "Stari" },
	suffix: "ex",
	rarity: "Double rare",
	category: "Pokemon",
	hp: 330,
	types: ["Water"],
	stage: "Stage1",
	abilities: [{
		type: "Ability",
		name: { en: "Shining Body", de: "Glanzkörper" },
		effect: { en: "Prevent all effects of attacks\nused by your opponent's {P} Pokémon.", de: "Verhindere ..." }
	}],
	attacks: [{
		cost: ["Water"],
		name: { en: "Jetting Blow", fr: "Coup Jet" },
		effect: { en: "This attack also does 50 damage to 1 of your opponent's Benched Pokémon." },
		damage: 120
	}, {
		cost: ["Colorless", "Colorless", "Colorless"],
		name: { en: "Nebula Beam" },
		damage: "210+"
	}],
	weaknesses: [{ type: "Lightning", value: "×2" }],
	resistances: [{ type: "Fighting", value: "-30" }],
	retreat: 2,
	regulationMark: "J",
	variants: [{ type: "holo", thirdParty: { tcgplayer: 684360 } }],
"#;

#[test]
fn pokemon_facts() {
    let (c, warnings) = read(&wrap(STARMIE), &set("me03", "me"), "021");
    let c = c.unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(c.id, "me03-21");
    assert_eq!(c.set_id, "me03");
    assert_eq!(c.number, "21");
    assert_eq!(c.name, "Mega Starmie ex");
    assert_eq!(c.supertype, Supertype::Pokemon);
    assert_eq!(
        c.subtypes,
        vec![Subtype::Stage1, Subtype::Mega, Subtype::Ex]
    );
    assert_eq!(c.stage(), Some(Stage::Stage1));
    assert_eq!(c.prize_value(), 3);
    assert_eq!(c.hp, Some(330));
    assert_eq!(c.types, vec![EnergyType::Water]);
    assert_eq!(c.evolves_from.as_deref(), Some("Staryu"));
    assert_eq!(
        c.weaknesses,
        vec![Weakness {
            type_: EnergyType::Lightning,
            modifier: WeaknessModifier::Multiply(2)
        }]
    );
    assert_eq!(
        c.resistances,
        vec![Resistance {
            type_: EnergyType::Fighting,
            amount: 30
        }]
    );
    assert_eq!(c.retreat_cost, vec![EnergyType::Colorless; 2]);
    assert_eq!(c.attacks.len(), 2);
    assert_eq!(c.attacks[0].name, "Jetting Blow");
    assert_eq!(c.attacks[0].cost, vec![EnergyType::Water]);
    assert_eq!(
        c.attacks[0].damage,
        Some(BaseDamage {
            amount: 120,
            modifier: DamageModifier::Fixed
        })
    );
    assert_eq!(
        c.attacks[1].damage,
        Some(BaseDamage {
            amount: 210,
            modifier: DamageModifier::Plus
        })
    );
    assert_eq!(c.attacks[1].text, "");
    assert_eq!(c.abilities[0].kind, AbilityKind::Ability);
    assert_eq!(
        c.abilities[0].text,
        "Prevent all effects of attacks used by your opponent's Psychic Pokémon."
    );
    assert_eq!(c.regulation_mark.as_deref(), Some("J"));
    assert!(
        c.rules[0].starts_with("Mega Evolution ex Rule:"),
        "{:?}",
        c.rules
    );

    let l = c.localized.as_deref().unwrap();
    assert_eq!(l.name.get(Lang::Fr), Some("Méga-Staross-ex"));
    assert_eq!(l.name.get(Lang::EsMx), Some("Mega-Starmie ex"));
    assert_eq!(l.name.get(Lang::It), None);
    assert_eq!(l.evolves_from.get(Lang::Fr), Some("Stari"));
    assert_eq!(l.attacks.len(), 2);
    assert_eq!(l.attacks[0].name.get(Lang::Fr), Some("Coup Jet"));
    assert!(l.attacks[1].name.is_empty());
    assert_eq!(l.abilities[0].name.get(Lang::De), Some("Glanzkörper"));
    // Other languages keep the symbols as written.
    assert_eq!(l.abilities[0].text.get(Lang::De), Some("Verhindere ..."));
}

#[test]
fn subtypes_of_each_era() {
    let cases: &[(&str, &str, &[Subtype])] = &[
        (
            "stage: \"MEGA\", suffix: \"EX\"",
            "M Venusaur-EX",
            &[Subtype::Mega, Subtype::EX],
        ),
        (
            "stage: \"Basic\", suffix: \"TAG TEAM-GX\"",
            "Pikachu & Zekrom-GX",
            &[Subtype::Basic, Subtype::TagTeam, Subtype::GX],
        ),
        ("stage: \"VMAX\"", "Charizard VMAX", &[Subtype::VMAX]),
        (
            "stage: \"LEVEL-UP\", suffix: \"SP\"",
            "Dialga G LV.X",
            &[Subtype::LevelUp, Subtype::SP],
        ),
        (
            "stage: \"Basic\", suffix: \"ex\"",
            "Meganium ex",
            &[Subtype::Basic, Subtype::Ex],
        ),
        (
            "stage: \"Basic\", rarity: \"Radiant Rare\"",
            "Radiant Greninja",
            &[Subtype::Basic, Subtype::Radiant],
        ),
        ("stage: \"Baby\"", "Pichu", &[Subtype::Baby]),
        (
            "stage: \"Mystery\"",
            "Odd",
            &[Subtype::Other("Mystery".into())],
        ),
    ];
    for (fields, name, expected) in cases {
        let body = format!("name: {{ en: \"{name}\" }}, category: \"Pokemon\", {fields},");
        let (c, _) = read(&wrap(&body), &set("x1", "xy"), "1");
        assert_eq!(c.unwrap().subtypes, *expected, "{fields}");
    }
}

#[test]
fn trainers_and_energy() {
    let body = r#"name: { en: "Poké Pad", fr: "Poké Tablette" }, category: "Trainer", trainerType: "Item",
        effect: { en: "Search your deck for a Pokémon that doesn't have a Rule Box.", fr: "Cherchez..." },"#;
    let (c, _) = read(&wrap(body), &set("me03", "me"), "113");
    let c = c.unwrap();
    assert!(c.is_item());
    assert_eq!(
        c.rules,
        vec!["Search your deck for a Pokémon that doesn't have a Rule Box."]
    );
    assert_eq!(
        c.localized.unwrap().effect.get(Lang::Fr),
        Some("Cherchez...")
    );

    let body = r#"name: { en: "Tool Box" }, category: "Trainer", trainerType: "Tool", rarity: "ACE SPEC Rare",
        effect: { en: "The Retreat Cost of the Pokémon this card is attached to is {C}{C} less." },"#;
    let c = read(&wrap(body), &set("x", "sv"), "1").0.unwrap();
    assert!(c.is_tool() && c.is_ace_spec());
    assert_eq!(
        c.rules,
        vec![
            "The Retreat Cost of the Pokémon this card is attached to is ColorlessColorless less.",
            "ACE SPEC: You can't have more than 1 ACE SPEC card in your deck."
        ]
    );

    // Basic Energy: the SV/ME name the client writes.
    let body = r#"name: { en: "Fire Energy", de: "Feuer-Energie" }, category: "Energy", energyType: "Normal","#;
    let c = read(&wrap(body), &set("mee", "me"), "002").0.unwrap();
    assert_eq!(c.name, "Basic Fire Energy");
    assert!(c.is_basic_energy());
    let c = read(&wrap(body), &set("base1", "base"), "98").0.unwrap();
    assert_eq!(c.name, "Fire Energy", "older sets keep their name");

    // A Special Energy the data calls Normal.
    let body = r#"name: { en: "Telepathic Psychic Energy" }, category: "Energy", energyType: "Normal",
        effect: { en: "As long as this card is attached to a Pokémon, it provides {P} Energy.\nWhen you attach..." },"#;
    let (c, warnings) = read(&wrap(body), &set("me03", "me"), "088");
    let c = c.unwrap();
    assert!(c.is_special_energy());
    assert_eq!(
        c.rules,
        vec![
            "As long as this card is attached to a Pokémon, it provides Psychic Energy. When you attach..."
        ]
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    // An old Special Darkness Energy stays Special.
    let body = r#"name: { en: "Darkness Energy" }, category: "Energy", energyType: "Special","#;
    assert!(
        read(&wrap(body), &set("ex1", "ex"), "93")
            .0
            .unwrap()
            .is_special_energy()
    );
}

#[test]
fn odd_values_are_warnings() {
    let body = r#"name: { en: "Oddish", xx: "?" }, category: "Pokemon", stage: "Basic", hp: 0,
        types: ["Grass", "Plasma"], level: "X", illustrator: undefined, regulationMark: "None",
        attacks: [
            { name: { en: "A" }, damage: "?" },
            { name: { en: "B" }, damage: "n/a" },
            { name: { en: "C" }, damage: "100＋" },
            { name: { fr: "Seulement" }, damage: "" },
            { cost: [], name: { en: "E" }, damage: "20x" },
        ],
        weaknesses: [{ type: "Fire", value: "" }, { type: "Water" }, { type: "Grass", value: "+20" }],
        resistances: [{ type: "Metal", value: "−20" }, { type: "Dark", value: "-30" }],"#;
    let (c, warnings) = read(&wrap(body), &set("x", "dp"), "7");
    let c = c.unwrap();
    assert_eq!(c.hp, None, "0 HP on a Pokémon is not a value");
    assert_eq!(c.types, vec![EnergyType::Grass]);
    assert_eq!(c.level.as_deref(), Some("X"));
    assert_eq!(c.regulation_mark, None);
    let damage: Vec<Option<String>> = c
        .attacks
        .iter()
        .map(|a| a.damage.map(|d| d.to_string()))
        .collect();
    assert_eq!(
        damage,
        [None, None, Some("100+".into()), None, Some("20×".into())]
    );
    assert_eq!(c.attacks[3].name, "");
    assert_eq!(c.weaknesses.len(), 1);
    assert_eq!(
        c.resistances,
        vec![Resistance {
            type_: EnergyType::Metal,
            amount: 20
        }]
    );
    let messages: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    // Language xx, type Plasma, damages ? and n/a, an attack without English name, two
    // weaknesses, one resistance.
    assert_eq!(warnings.len(), 8, "{messages:#?}");
    assert!(warnings.iter().all(|w| w.card_id == "x-7"));
}

#[test]
fn cards_the_model_cannot_hold_are_skipped() {
    let (c, w) = read(
        &wrap("name: { fr: \"Seulement\" }, category: \"Pokemon\","),
        &set("x", "sm"),
        "1",
    );
    assert!(c.is_none());
    assert!(w[0].message.contains("English"), "{w:?}");
    let (c, w) = read(
        &wrap("name: { en: \"X\" }, category: \"Toy\","),
        &set("x", "sm"),
        "1",
    );
    assert!(c.is_none());
    assert!(w[0].message.contains("Toy"), "{w:?}");
    let (c, _) = read(&wrap("category: \"Pokemon\","), &set("x", "sm"), "1");
    assert!(c.is_none());
}

#[test]
fn wrong_shapes_are_errors() {
    for (body, expected) in [
        (
            "name: \"Pikachu\", category: 3,",
            "category: expected a string, found a number",
        ),
        (
            "name: { en: 3 },",
            "name.en: expected a string, found a number",
        ),
        (
            "name: { en: \"P\" }, category: \"Pokemon\", attacks: {},",
            "attacks: expected an array, found an object",
        ),
        (
            "name: { en: \"P\" }, category: \"Pokemon\", retreat: true,",
            "retreat: expected a number, found a boolean",
        ),
    ] {
        let text = wrap(body);
        let module = parse_module(&text).unwrap();
        let mut warnings = Vec::new();
        let e = card(&module.value, &set("x", "sm"), "1", &mut warnings).unwrap_err();
        assert_eq!(e.message, expected);
        assert!(e.at > 0);
    }
}

#[test]
fn helpers() {
    assert_eq!(local_number("056"), "56");
    assert_eq!(local_number("000"), "0");
    assert_eq!(local_number("TG01"), "TG01");
    assert_eq!(local_number("33b"), "33b");
    assert_eq!(english_text("{C}{C} less"), "ColorlessColorless less");
    assert_eq!(english_text("a {X} b {P"), "a {X} b {P");
    assert_eq!(english_text("one\n\ntwo\n"), "one two");
}
