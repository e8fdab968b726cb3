// @module-tag security
/** The cross-browser suite in webkit (see define-suite.ts). */
import { defineCrossBrowserSuite } from './define-suite'

defineCrossBrowserSuite('webkit')
