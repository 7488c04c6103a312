/** The story layer's wire types (types only), from the server's protocol. */
export type {
  AdminQuestView as AdminQuest,
  DirectorReply,
  DirectorProposalView,
  QuestView as QuestLogEntry,
  SessionReply,
  StoryOptionView,
} from '../../adapters/server/protocol.ts';
