// @module-tag security
import { describe, expect, it } from 'vitest'
import { downloadFileBytes, isDangerousDownload, sanitizeFileName } from './download-file'

describe('sanitizeFileName', () => {
  it('keeps the last path segment only, decoded, and never a path', () => {
    expect(sanitizeFileName('file:///exports/report.json')).toBe('report.json')
    expect(sanitizeFileName('file:///x/..%2F..%2F.ssh%2Fauthorized_keys')).toBe('authorized_keys')
    expect(sanitizeFileName('C:\\Users\\me\\notes.txt')).toBe('notes.txt')
    expect(sanitizeFileName('file:///%E2%82%AC%20budget.csv')).toBe('€ budget.csv')
  })

  it('removes control, reserved and bidi characters, leading dots and device names', () => {
    expect(sanitizeFileName('file:///a<b>c:d"e|f%3Fg*h.txt')).toBe('a_b_c_d_e_f_g_h.txt')
    expect(sanitizeFileName('file:///invoice\u202Efdp.exe')).toBe('invoice_fdp.exe')
    expect(sanitizeFileName('file:///.bashrc')).toBe('bashrc')
    expect(sanitizeFileName('file:///CON.txt')).toBe('_CON.txt')
    expect(sanitizeFileName('file:///...')).toBe('download')
  })

  it('adds an extension from the type when there is none, and keeps the extension when cutting a long name', () => {
    expect(sanitizeFileName('file:///chart', 'image/svg+xml')).toBe('chart.svg')
    expect(sanitizeFileName('file:///chart', 'application/x-unknown')).toBe('chart')
    const long = sanitizeFileName(`file:///${'a'.repeat(300)}.json`)
    expect(long).toHaveLength(120)
    expect(long.endsWith('.json')).toBe(true)
  })
})

describe('isDangerousDownload', () => {
  it('refuses programs and scripts by extension or type, and allows documents and images', () => {
    for (const name of ['setup.exe', 'run.SH', 'x.ps1', 'a.jar', 'm.msi', 'k.lnk']) expect(isDangerousDownload(name), name).toBe(true)
    expect(isDangerousDownload('x.bin', 'application/x-msdownload')).toBe(true)
    for (const name of ['data.json', 'chart.svg', 'photo.png', 'report.pdf', 'page.html', 'Makefile']) expect(isDangerousDownload(name), name).toBe(false)
  })
})

describe('downloadFileBytes', () => {
  it('encodes text as UTF-8 and decodes base64 exactly', () => {
    expect([...downloadFileBytes({ kind: 'embedded', fileName: 'a', mimeType: 'text/plain', size: 2, data: 'é', encoding: 'utf8' })]).toEqual([0xc3, 0xa9])
    expect([...downloadFileBytes({ kind: 'embedded', fileName: 'a', mimeType: 'x', size: 3, data: 'AP8Q', encoding: 'base64' })]).toEqual([0, 255, 16])
  })
})

// What an app tries when it wants a saved file to run, or to look like something else.
describe('attack: a download that runs when opened, or hides what it is', () => {
  it("refuses every type Chromium's download protection treats as dangerous, and disk images and macro documents", () => {
    const named = [
      // the attack run's misses
      'run.command', 'app.desktop', 'disk.iso', 'disk.img', 'disk.vhd', 'launch.jnlp', 'addin.xll', 'report.docm',
      // Windows programs, scripts, shortcuts and installers
      'x.scf', 'x.sys', 'x.drv', 'x.ocx', 'x.gadget', 'x.xbap', 'x.appref-ms', 'x.application', 'x.settingcontent-ms',
      'x.search-ms', 'x.chm', 'x.hlp', 'x.inf', 'x.ins', 'x.isp', 'x.job', 'x.mof', 'x.msh', 'x.ps1xml', 'x.psc1', 'x.sct',
      'x.shb', 'x.shs', 'x.website', 'x.mst', 'x.msix', 'x.appx', 'x.appinstaller', 'x.library-ms', 'x.mht', 'x.slk',
      // macOS and Linux
      'x.app', 'x.pkg', 'x.mpkg', 'x.dylib', 'x.applescript', 'x.scpt', 'x.workflow', 'x.webloc', 'x.fileloc', 'x.mobileconfig',
      'x.bash', 'x.csh', 'x.ksh', 'x.run', 'x.appimage', 'x.snap', 'x.flatpakref',
      // cross-platform code and mountable images
      'x.py', 'x.pyw', 'x.pl', 'x.rb', 'x.class', 'x.swf', 'x.crx', 'x.efi', 'x.oxt', 'x.vhdx', 'x.vmdk', 'x.dmg', 'x.toast',
      // documents that carry macros
      'x.dotm', 'x.xlsm', 'x.xltm', 'x.xlam', 'x.pptm', 'x.potm', 'x.ppam', 'x.ppsm', 'x.sldm', 'x.iqy', 'x.one',
      // Android and iOS
      'x.apk', 'x.dex', 'x.ipa',
    ]
    const missed = named.filter((name) => !isDangerousDownload(name))
    expect(missed).toEqual([])
    for (const type of ['application/x-iso9660-image', 'application/x-java-jnlp-file', 'application/x-desktop', 'application/vnd.ms-word.document.macroEnabled.12', 'application/x-ms-shortcut']) {
      expect(isDangerousDownload('file.bin', type), type).toBe(true)
    }
    for (const name of ['data.json', 'chart.svg', 'photo.png', 'report.pdf', 'notes.txt', 'table.csv', 'sheet.xlsx', 'letter.docx', 'song.mp3', 'archive.zip']) {
      expect(isDangerousDownload(name), name).toBe(false)
    }
  })

  it('makes bidi marks and zero-width characters harmless in a name', () => {
    for (const mark of ['\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e']) {
      const name = sanitizeFileName(`file:///invoice${mark}.pdf`)
      expect(name, JSON.stringify(mark)).toBe('invoice_.pdf')
    }
    // A zero-width character inside the extension leaves no executable extension behind.
    const hidden = sanitizeFileName('file:///setup.ex\u200be')
    expect(hidden).toBe('setup.ex_e')
  })

  it('treats superscript COM and LPT ports and the console devices as Windows device names', () => {
    for (const device of ['COM¹', 'com².txt', 'LPT³.log', 'CONIN$', 'conout$.txt', 'COM0', 'LPT0.csv', 'NUL .txt', 'aux.tar.gz']) {
      expect(sanitizeFileName(`file:///${encodeURIComponent(device)}`), device).toBe(`_${device}`)
    }
    expect(sanitizeFileName('file:///COMPUTER.txt')).toBe('COMPUTER.txt')
  })

  it('never leaves a lone surrogate, from the app or from cutting a long name', () => {
    // encodeURIComponent throws on a lone surrogate.
    const wellFormed = (text: string) => expect(() => encodeURIComponent(text)).not.toThrow()
    const lone = sanitizeFileName('report\ud83d.csv')
    wellFormed(lone)
    expect(lone).toBe('report_.csv')
    expect(sanitizeFileName('a\udc00b.txt')).toBe('a_b.txt')
    // The cut falls in the middle of the emoji's surrogate pair.
    const long = sanitizeFileName(`${'a'.repeat(115)}🙂${'b'.repeat(40)}.txt`)
    wellFormed(long)
    expect(long.endsWith('.txt')).toBe(true)
  })

  it('leaves no trailing dot or space after cutting a long name (Windows drops them, which would make it a program)', () => {
    const name = sanitizeFileName(`file:///${'a'.repeat(115)}.exe.${'b'.repeat(30)}`)
    expect(name.endsWith('.') || name.endsWith(' ')).toBe(false)
    expect(isDangerousDownload(name)).toBe(true)
  })
})
