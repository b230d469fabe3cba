// Package service is the Task Surface plugin: it implements
// tasksurface.Server by composing the tool (show_task_surface), the
// projection fold, the model parser and the coordination service, and it
// declares what a host must register.
package service
