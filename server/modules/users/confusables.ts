/**
 * A compact confusables table: characters of other scripts that look like Latin letters or
 * digits, each with the ASCII it passes for. Taken from Unicode's confusables.txt (UTS #39
 * "Unicode Security Mechanisms", data version 13.0), keeping only the entries whose prototype
 * is ASCII letters or digits and whose source NFKC does not already fold to ASCII (fullwidth
 * `ａ` and mathematical `𝐚` need no entry: `nameSkeleton` applies NFKC first). Each word below
 * is one source character followed by its prototype (`аa`: Cyrillic а passes for a).
 *
 * Why not the whole table (6,300 entries, e.g. the `unhomoglyph` package): reserved names are
 * compared as Latin-looking skeletons, so only look-alikes of Latin letters and digits matter;
 * 275 entries cover Cyrillic, Greek, Armenian, Cherokee, Coptic, Lisu, small capitals, IPA and
 * the letter-like symbols attackers reach for.
 */
const TABLE: readonly string[] = [
  // Latin-1, Latin Extended-A/B, IPA (31)
  'ÆAE ×x æae ıi ŒOE œoe Ƅb ƍg Ɩl ƦR Ƨ2 Ʒ3 Ƽ5 ƽs ǀl ǁll Ȝ3 Ȣ8 ȣ8 ɑa ɡg ɣy ɩi ɪi ɯw ʋu ʏy ʣdz',
  'ʦts ʪls ʫlz',
  // Greek (and Greek Extended) (33)
  'ͺi ͿJ ΑA ΒB ΕE ΖZ ΗH Ιl ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX αa γy ιi νv οo ρp σo υu ϒY ϜF Ϩ2 ϱp ϲc ϳj',
  'ϹC ϺM ιi',
  // Cyrillic (and Extended-B) (52)
  'ЅS Іl ЈJ АA ВB ЕE З3 КK МM НH ОO РP СC ТT УY ХX Ыbl Ьb ЮlO аa б6 гr еe оo рp сc уy хx ѕs',
  'іi јj ѡw ѴV ѵv ҮY үy һh ҽe Ӏl ӏi ӔAE ӕae Ӡ3 ԁd ԌG ԛq ԜW ԝw Ꙅ2 ꙇi ꚘOO ꚙoo',
  // Armenian (13)
  'ՍU ՏS ՕO աw գq զq հh ոn ռn սu ցg քf օo',
  // Cherokee (and its supplement) (37)
  'ᎠD ᎡR ᎢT Ꭵi ᎩY ᎪA ᎫJ ᎬE ᎳW ᎷM ᎻH ᎽY ᏀG Ꮒh ᏃZ Ꮞ4 Ꮟb ᏒR ᏔW ᏕS ᏙV ᏚS ᏞL ᏟC ᏢP ᏦK Ꮷd Ꮾ6 ᏳG ᏴB',
  'ꭵi ꮁr ꮃw ꮓz ꮩv ꮪs ꮯc',
  // Phonetic extensions, Latin Extended Additional/D/E (49)
  'ᴄc ᴏo ᴑo ᴜu ᴠv ᴡw ᴢz ᴦr ᵫue ᶃg ᶌy ẝf ỿy ꜨT3 ꜱs ꜲAA ꜳaa ꜴAO ꜵao ꜶAU ꜷau ꜸAV ꜹav ꜺAV ꜻav ꜼAY',
  'ꜽay ꝎOO ꝏoo Ꝛ2 Ꝫ3 Ꝯ9 ꝷtf ꞘF ꞙf ꞟu Ɜ3 ꞲJ ꞳX ꞴB ꬲe ꬵf ꬽo ꭇr ꭈr ꭎu ꭒu ꭚy ꭣuo',
  // Coptic (19)
  'ⲅr ⲎH Ⲓl ⲔK ⲘM ⲚN ⲞO ⲟo ⲢP ⲣp ⲤC ⲥc ⲦT ⲨY ⲬX Ⳋ9 Ⳍ3 ⳐL Ⳓ6',
  // Lisu (26)
  'ꓐB ꓑP ꓒd ꓓD ꓔT ꓖG ꓗK ꓙJ ꓚC ꓜZ ꓝF ꓟM ꓠN ꓡL ꓢS ꓣR ꓦV ꓧH ꓪW ꓫX ꓬY ꓮA ꓰE ꓲl ꓳO ꓴU',
  // Letterlike, arrows and math symbols (15)
  '℮e ℽy ∞oo ∣l ∥ll ∨v ∪U ⊤T ⋁v ⋃U ⋿E ⍳i ⍴p ⍺a ⏽l',
];

function entries(words: readonly string[]): Array<[string, string]> {
  return words.flatMap((line) =>
    line.split(' ').map((word): [string, string] => {
      const [source = '', ...prototype] = [...word];
      return [source, prototype.join('')];
    }),
  );
}

/** Source character → the ASCII it passes for (case kept: `Μ` → `M`, `μ` is no entry). */
export const LATIN_CONFUSABLES: ReadonlyMap<string, string> = new Map(entries(TABLE));
