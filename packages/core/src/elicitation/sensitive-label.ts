/**
 * Whether a field's name or title says it holds a secret, however it is spelt: in other languages
 * and scripts (`Passwort`, `contraseña`, `пароль`, `密码`), with diacritics or full-width letters,
 * in leetspeak (`p4ssw0rd`, `pa$$word`, `s3cr3t`), with separators or spaces between the letters
 * (`pass_word`, `p a s s`), with look-alike letters of another script (Cyrillic `раss`), and inside
 * compound names (`walletMnemonicWords`, `neuesPasswortWiederholen`).
 *
 * A label is read in a few spellings (as written with marks and ligatures folded; with leetspeak
 * digits and symbols read as letters; with look-alike letters read as Latin) and is sensitive when
 * any of them holds a stem anywhere (separators removed) or a short word as a whole word. Ordinary
 * names stay usable: the short words count only whole (`passport_country`, `keyboard`, `resenha`
 * stay visible), and only identity numbers, not every field about a document, are stems
 * (`passportNumber` is masked, `passportCountry` is not).
 */

/**
 * Stems that make a field sensitive wherever they appear in its name or title, compared lower-cased
 * with marks and separators removed: `newPassword`, `client_secret`, `X-Auth-Token`, `neuesPasswort`,
 * `walletMnemonic`. Each is long or rare enough that ordinary words seldom hold it (`secretary`
 * does, and is masked on purpose).
 */
export const SENSITIVE_NAME_STEMS = [
  // passwords and secrets
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'passcode',
  'secret',
  'credential',
  'token',
  'seedphrase',
  'recoveryphrase',
  // the same in other languages (marks folded: contraseña -> contrasena, hasło -> haslo)
  'passwort',
  'kennwort',
  'motdepasse',
  'contrasena',
  'contrasenya',
  'clavedeacceso',
  'wachtwoord',
  'losenord',
  'passord',
  'adgangskode',
  'salasana',
  'salasona',
  'haslo',
  'jelszo',
  'lozinka',
  'katasandi',
  'katalaluan',
  'matkhau',
  'geheimnis',
  'geheimzahl',
  'geheimnummer',
  'segreto',
  'sekret',
  'пароль',
  'парола',
  'лозинка',
  'гасло',
  'секрет',
  'токен',
  '密码',
  '密碼',
  '口令',
  'パスワード',
  '暗証番号',
  '비밀번호',
  '패스워드',
  '암호',
  'كلمةالمرور',
  'كلمةالسر',
  'رمزعبور',
  'סיסמה',
  'סיסמא',
  'पासवर्ड',
  'รหัสผ่าน',
  // wallet seeds
  'mnemonic',
  'seedwords',
  'walletseed',
  'recoveryseed',
  'recoverywords',
  'secretphrase',
  'backupphrase',
  // keys
  'apikey',
  'accesskey',
  'authkey',
  'privatekey',
  'privkey',
  'signingkey',
  'encryptionkey',
  'licensekey',
  'productkey',
  'masterkey',
  'recoverykey',
  'sshkey',
  // PINs and one-time codes
  'pincode',
  'pinnumber',
  'verificationcode',
  'onetimecode',
  'twofactorcode',
  'mfacode',
  'authcode',
  'authenticationcode',
  'recoverycode',
  'backupcode',
  'securitycode',
  // payment cards and identity numbers
  'cardnumber',
  'cardno',
  'ccnumber',
  'creditcard',
  'debitcard',
  'cvv',
  'cvc',
  'socialsecurity',
  'passportnumber',
  'passportno',
] as const

/**
 * Short words that make a field sensitive only as a whole word of its name or title (words split at
 * separators, case changes and digits; two adjacent words also count together, so `2fa` is found in
 * `2faCode`): `key`, `sshKey`, `user_pin`, `PAN`, `senha`, but not `keyboard`, `spinach`, `company`,
 * `resenha`.
 */
export const SENSITIVE_NAME_WORDS = [
  'key',
  'pin',
  'pass',
  'otp',
  'totp',
  'hotp',
  'mfa',
  '2fa',
  'ssn',
  'pan',
  'iban',
  // password in other languages, too short or too common inside other words to be stems
  'senha',
  'heslo',
  'geslo',
  'parola',
  'parool',
  'sifre',
  'clave',
  'mdp',
  'geheim',
] as const

// Names and titles are short; a longer label is read up to here, which still finds any stem near its start.
const MAX_LABEL = 256

// Letters that Unicode decomposition leaves whole.
const FOLDED: Record<string, string> = { ß: 'ss', ł: 'l', Ł: 'L', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ı: 'i', þ: 'th' }
// Leetspeak: digits and symbols written for letters.
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' }
// Cyrillic and Greek letters that look like Latin ones, as a spoofed name would use them.
const LOOKALIKE: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ѕ: 's', ј: 'j', к: 'k', м: 'm', т: 't', н: 'h', в: 'b', ԁ: 'd', ԝ: 'w',
  А: 'A', Е: 'E', О: 'O', Р: 'P', С: 'C', Х: 'X', І: 'I', Ѕ: 'S', К: 'K', М: 'M', Т: 'T', Н: 'H', В: 'B',
  α: 'a', ε: 'e', ο: 'o', ρ: 'p', τ: 't', κ: 'k', ι: 'i', ν: 'v', υ: 'u',
}

const mapChars = (text: string, table: Record<string, string>) => text.replace(/./gsu, (ch) => table[ch] ?? ch)
// NFKC first (full-width and ligature letters to plain ones), then marks off (ñ -> n, ö -> o, ド -> ト).
const fold = (text: string) => mapChars(text.normalize('NFKC').normalize('NFKD').replace(/\p{M}/gu, ''), FOLDED)

// The lists folded as labels are, so a stem in any script meets the label's spelling of it.
const STEMS: readonly string[] = SENSITIVE_NAME_STEMS.map((stem) => fold(stem).toLowerCase())
const WORDS: ReadonlySet<string> = new Set(SENSITIVE_NAME_WORDS.map((word) => fold(word).toLowerCase()))

/** `userPINCode2` -> `user pin code 2`: splits at separators, lower-to-upper changes, acronym ends and digits, in any script. */
function wordsOf(label: string): string[] {
  return label
    .replace(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

function spellingIsSensitive(spelling: string): boolean {
  const words = wordsOf(spelling)
  const joined = words.join('')
  if (STEMS.some((stem) => joined.includes(stem))) return true
  return words.some((word, i) => WORDS.has(word) || (i > 0 && WORDS.has(`${words[i - 1]}${word}`)))
}

/** True for a name or title holding one of {@link SENSITIVE_NAME_STEMS} or {@link SENSITIVE_NAME_WORDS}, however spelt. */
export function isSensitiveLabel(label: string): boolean {
  const plain = fold(label.slice(0, MAX_LABEL))
  const latin = mapChars(plain, LOOKALIKE)
  return [plain, mapChars(plain, LEET), latin, mapChars(latin, LEET)].some(spellingIsSensitive)
}
