export { respond as POST } from '@/lib/hitl'
