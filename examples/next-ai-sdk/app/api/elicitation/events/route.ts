export { events as GET } from '@/lib/hitl'
