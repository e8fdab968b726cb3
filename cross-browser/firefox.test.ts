// @module-tag security
/** The cross-browser suite in firefox (see define-suite.ts). */
import { defineCrossBrowserSuite } from './define-suite'

defineCrossBrowserSuite('firefox')
