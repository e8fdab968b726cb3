// @module-tag security
/** The cross-browser suite in chromium (see define-suite.ts). */
import { defineCrossBrowserSuite } from './define-suite'

defineCrossBrowserSuite('chromium')
