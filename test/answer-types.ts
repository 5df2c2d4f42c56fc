// The cabinet's services, as their answers are sent (dates become strings), fit the answers their
// routes declare (server/api/business/answer-schemas.ts): checked by the compiler, so a field renamed,
// dropped or retyped in a service fails the build before any test runs. Type-only: nothing runs here.
// (The skills list is left to the tests' check of real answers: its service types its records loosely.)
import type { z } from "zod";
import type * as A from "../server/api/business/answer-schemas";
import type * as biz from "../server/services/business";
import type { Reply } from "./helpers";

/** `true` when a service's reply fits the declared answer; the name of the mismatch otherwise. */
type Fits<Sent, Schema extends z.ZodType> = [Sent] extends [z.output<Schema>] ? true : { misfits: Misfits<Sent, z.output<Schema>> };
/** The path to each field whose sent type the declared one does not take, and the two types there. */
type Misfits<S, D> = [S] extends [D]
  ? never
  : S extends undefined
    ? never
    : S extends readonly (infer E)[]
      ? D extends readonly (infer F)[]
        ? ["[]", Misfits<E, F>]
        : [S, D]
      : S extends object
        ? NonNullable<D> extends object
          ? {
              [K in keyof S]: K extends keyof NonNullable<D> ? ([S[K]] extends [NonNullable<D>[K]] ? never : [K, Misfits<S[K], NonNullable<D>[K]>]) : K;
            }[keyof S]
          : [S, D]
        : [S, D];
type Check<T extends true> = T;
type Docs<F extends (...args: never[]) => unknown> = { docs: Reply<F> };

export type ServicesFitTheirAnswers = [
  Check<Fits<Docs<typeof biz.listProjects>, z.ZodObject<{ docs: z.ZodArray<typeof A.project> }>>>,
  Check<Fits<Reply<typeof biz.updateProject>, typeof A.project>>,
  Check<Fits<Reply<typeof biz.inviteCount>, typeof A.inviteCount>>,
  Check<Fits<Docs<typeof biz.listDepartments>, typeof A.departments>>,
  Check<Fits<Reply<typeof biz.getDepartment>, typeof A.department>>,
  Check<Fits<Reply<typeof biz.createDepartment>, typeof A.department>>,
  Check<Fits<Reply<typeof biz.deleteDepartment>, typeof A.departmentDeleted>>,
  Check<Fits<Docs<typeof biz.listPositions>, typeof A.positions>>,
  Check<Fits<Reply<typeof biz.getPosition>, typeof A.position>>,
  Check<Fits<Reply<typeof biz.createPosition>, typeof A.position>>,
  Check<Fits<Reply<typeof biz.deletePosition>, typeof A.positionDeleted>>,
  Check<Fits<Reply<typeof biz.listEmployees>, typeof A.employees>>,
  Check<Fits<Reply<typeof biz.getEmployee>, typeof A.employeeDetail>>,
  Check<Fits<Reply<typeof biz.changeDepartment>, typeof A.employee>>,
  Check<Fits<Reply<typeof biz.renameEmployee>, typeof A.employee>>,
  Check<Fits<Docs<typeof biz.listManagers>, typeof A.managers>>,
  Check<Fits<Reply<typeof biz.requestRetake>, typeof A.retakeAsked>>,
  Check<Fits<Reply<typeof biz.employeeEfficiency>, typeof A.efficiency>>,
  Check<Fits<Reply<typeof biz.listInvites>, typeof A.invites>>,
  Check<Fits<Reply<typeof biz.createInvites>, typeof A.invitesMade>>,
  Check<Fits<Reply<typeof biz.dashboard>, typeof A.dashboard>>,
  Check<Fits<Reply<typeof biz.teamStats>, typeof A.teamStats>>,
  Check<Fits<Reply<typeof biz.communicationBalance>, typeof A.communication>>,
  Check<Fits<Reply<typeof biz.listCandidates>, typeof A.candidates>>,
  Check<Fits<Reply<typeof biz.inviteCandidate>, typeof A.candidateInvited>>,
  Check<Fits<Reply<typeof biz.candidateProfile>, typeof A.candidateProfile>>,
  Check<Fits<Reply<typeof biz.hireCandidate>, typeof A.hired>>,
  Check<Fits<Reply<typeof biz.shortlistCandidate>, typeof A.staged>>,
  Check<Fits<Reply<typeof biz.declineCandidate>, typeof A.staged>>,
  Check<Fits<Docs<typeof biz.listNotes>, typeof A.notes>>,
  Check<Fits<Reply<typeof biz.addNote>, typeof A.note>>,
  Check<Fits<Reply<typeof biz.projectFormInfo>, typeof A.formInfo>>,
  Check<Fits<Reply<typeof biz.joinProject>, typeof A.joined>>,
  Check<Fits<Docs<typeof biz.myCompanies>, typeof A.myCompanies>>,
  Check<Fits<Reply<typeof biz.setConsent>, typeof A.consentSet>>,
];
