/**
 * The scheduling area's public surface: what other areas may use of it. It owns the link between
 * an exam and its planner event (bookings.ts), so the exam timetable moves that event only here.
 */
export { movePlannerEventOfExam } from "./bookings.ts";
