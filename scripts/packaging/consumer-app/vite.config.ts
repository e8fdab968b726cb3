import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { version } from 'react'

export default defineConfig({
  plugins: [react()],
  define: { React_VERSION: JSON.stringify(version) },
})
