// The translate function of the nearest Dock or row, for components deep in the panel.
import { createContext, useContext } from 'react'
import type { Translate } from './dsh.ts'
import { fallbackT } from './locales.ts'

export const TContext = createContext<Translate>(fallbackT)

export const useT = (): Translate => useContext(TContext)
