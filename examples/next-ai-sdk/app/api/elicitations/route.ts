export { list as GET } from '@/lib/hitl'
