// @module-tag security
/**
 * A server names its secret fields so that the sensitive-name check misses them, and the person's
 * secret lands in sessionStorage in clear: other languages and scripts, leetspeak, separators,
 * look-alike letters, compound names. Each row is a field name (or title) and what the drafts must
 * do with the value typed into it; ordinary names stay usable, so the person's typing survives.
 */
import { describe, expect, it } from 'vitest'
import { createElicitationDrafts, type DraftStorage } from './elicitation-drafts'
import type { RequestedSchema } from './protocol'
import { isSensitiveField } from './redact'

const SECRET = 'hunter2-the-secret'

function storage(): DraftStorage & { written: () => string } {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    written: () => [...data.values()].join('\n'),
  }
}

// What lands in sessionStorage when the person types SECRET into a field named `name` (titled `title`).
function stored(name: string, title?: string): boolean {
  const s = storage()
  const schema: RequestedSchema = { type: 'object', properties: { [name]: { type: 'string', ...(title ? { title } : {}) }, note: { type: 'string' } } }
  createElicitationDrafts({ storage: s }).save('e1', schema, { [name]: SECRET, note: 'kept' })
  return s.written().includes(SECRET)
}

const SENSITIVE: [family: string, name: string, title?: string][] = [
  ['German', 'Passwort'],
  ['German compound', 'neuesPasswortWiederholen'],
  ['German', 'Kennwort'],
  ['German PIN', 'Geheimzahl'],
  ['Spanish', 'contraseña'],
  ['Spanish, marks dropped', 'contrasena'],
  ['Spanish title', 'campo1', 'Contraseña nueva'],
  ['Spanish word', 'clave'],
  ['Catalan', 'contrasenya'],
  ['French', 'mot_de_passe'],
  ['French', 'motDePasse'],
  ['French abbreviation', 'mdp'],
  ['Portuguese', 'senha'],
  ['Portuguese compound', 'nova_senha'],
  ['Italian', 'parola'],
  ['Dutch', 'wachtwoord'],
  ['Swedish', 'lösenord'],
  ['Norwegian', 'passord'],
  ['Danish', 'adgangskode'],
  ['Finnish', 'salasana'],
  ['Polish', 'hasło'],
  ['Czech', 'heslo'],
  ['Turkish', 'şifre'],
  ['Hungarian', 'jelszó'],
  ['Serbo-Croatian', 'lozinka'],
  ['Indonesian', 'kata_sandi'],
  ['Russian', 'пароль'],
  ['Russian compound', 'новыйПароль'],
  ['Ukrainian', 'гасло'],
  ['Chinese', '密码'],
  ['Chinese, traditional', '确认密碼'],
  ['Japanese', 'パスワード'],
  ['Korean', '비밀번호'],
  ['Arabic title', 'field', 'كلمة المرور'],
  ['Hebrew', 'סיסמה'],
  ['Hindi', 'पासवर्ड'],
  ['seed phrase', 'mnemonic'],
  ['seed phrase compound', 'walletMnemonicWords'],
  ['seed phrase', 'seed_words'],
  ['seed phrase', 'recoveryWords'],
  ['leetspeak', 'p4ssw0rd'],
  ['leetspeak', 'P@ssw0rd'],
  ['leetspeak', 'pa$$word'],
  ['leetspeak', 'passw0rd_confirm'],
  ['leetspeak', 's3cr3t'],
  ['leetspeak', 'api_t0k3n'],
  ['leetspeak word', 'pa55'],
  ['leetspeak word', 'user_p1n'],
  ['separators', 'pass_word'],
  ['separators', 'pass-word'],
  ['separators', 'pass.word'],
  ['separators', 'p a s s w o r d'],
  ['separators', 'P_A_S_S_W_O_R_D'],
  ['zero-width joiner', 'pass\u200dword'],
  ['full-width letters', 'ｐａｓｓｗｏｒｄ'],
  ['Cyrillic look-alikes', 'раssword'],
  ['Greek look-alikes', 'pαsswοrd'],
  ['compound', 'userPasswordConfirmation'],
  ['compound', 'newPassword2'],
  ['compound', 'oldPasswdHash'],
  ['identity number', 'passportNumber'],
]

const ORDINARY: [why: string, name: string, title?: string][] = [
  ['a country, not a secret: "pass" counts only as a whole word, and only the passport number is a stem', 'passport_country'],
  ['a country, not a secret', 'passportCountry'],
  ['an expiry date of a document', 'passport_expiry'],
  ['"pass" only as a whole word', 'passenger'],
  ['"pass" only as a whole word', 'compass_heading'],
  ['Portuguese "review": "senha" only as a whole word', 'resenha'],
  ['"parole" is not "parola"', 'parole_date'],
  ['French "keyboard": "clave" only as a whole word', 'clavier'],
  ['digits after a name', 'address1'],
  ['digits after a name', 'line2'],
  ['"key" only as a whole word', 'keyboard'],
  ['ordinary', 'Name'],
  ['ordinary, in Spanish', 'nombre'],
  ['ordinary, in German', 'Straße'],
  ['ordinary, in Russian', 'имя'],
  ['ordinary, in Chinese', '姓名'],
  ['ordinary title', 'city', 'Ciudad de residencia'],
]

describe('drafts of a field the server named around the sensitive-name list', () => {
  it.each(SENSITIVE)('%s: %s never reaches sessionStorage', (_, name, title) => {
    expect(stored(name, title)).toBe(false)
    expect(isSensitiveField(name, { type: 'string', ...(title ? { title } : {}) })).toBe(true)
  })

  it.each(ORDINARY)('stays usable (%s): %s', (_, name, title) => {
    expect(stored(name, title)).toBe(true)
  })

  it('reads a very long name up to its bound, in linear time', () => {
    expect(isSensitiveField(`${'a'.repeat(100)}Password${'b'.repeat(100_000)}`, { type: 'string' })).toBe(true)
    expect(isSensitiveField('x'.repeat(100_000), { type: 'string' })).toBe(false)
  })
})
