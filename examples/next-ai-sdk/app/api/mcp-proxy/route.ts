export { mcpProxy as POST } from '@/lib/hitl'
